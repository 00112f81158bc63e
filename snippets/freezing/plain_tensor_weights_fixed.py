import torch
from torch import nn


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(1, 4))  # registered: parameters() yields it
        self.bias = nn.Parameter(torch.zeros(1))

    def forward(self, x):
        return nn.functional.linear(x, self.weight, self.bias)


torch.manual_seed(0)
model = Regressor()
print("registered parameters:", [name for name, _ in model.named_parameters()])
opt = torch.optim.Adam(model.parameters(), lr=1e-3)

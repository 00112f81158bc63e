# raises: ValueError
# fixed-by: freezing/plain_tensor_weights_fixed
# cause: a model that keeps its weights as plain tensors, so model.parameters() is empty
import torch
from torch import nn


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = torch.randn(1, 4, requires_grad=True)  # a plain attribute, not registered
        self.bias = torch.zeros(1, requires_grad=True)

    def forward(self, x):
        return nn.functional.linear(x, self.weight, self.bias)


torch.manual_seed(0)
model = Regressor()
print("registered parameters:", len(list(model.parameters())))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)

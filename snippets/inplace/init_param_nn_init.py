import torch
from torch import nn


class Scale(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.gain = nn.Parameter(torch.empty(dim))
        nn.init.normal_(self.gain, 1.0, 0.02)  # nn.init edits under torch.no_grad() itself

    def forward(self, x):
        return x * self.gain


torch.manual_seed(0)
scale = Scale(4)
print("gain:", scale.gain)

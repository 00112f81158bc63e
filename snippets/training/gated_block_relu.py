import torch
from torch import nn


class GatedBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.gate = nn.Linear(dim, dim)
        self.act = nn.ReLU()  # out of place: h stays as g * h saved it

    def forward(self, x):
        h = self.proj(x)
        g = torch.sigmoid(self.gate(x))
        return g * h + self.act(h)


torch.manual_seed(0)
block = GatedBlock(4)
block(torch.randn(2, 4)).sum().backward()
print("proj.weight.grad:", block.proj.weight.grad)

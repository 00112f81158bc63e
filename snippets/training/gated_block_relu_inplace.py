# raises: RuntimeError
# fixed-by: training/gated_block_relu
# cause: a model uses one hidden tensor twice and an nn.ReLU(inplace=True) overwrites it after the other use saved it
import torch
from torch import nn


class GatedBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.gate = nn.Linear(dim, dim)
        self.act = nn.ReLU(inplace=True)

    def forward(self, x):
        h = self.proj(x)
        g = torch.sigmoid(self.gate(x))
        return g * h + self.act(h)  # g * h saves h, then the ReLU overwrites it


torch.manual_seed(0)
block = GatedBlock(4)
block(torch.randn(2, 4)).sum().backward()

import torch
import torch.nn.functional as F
from torch import nn


class WeightedFusion(nn.Module):
    """Adds two feature maps with learned, non-negative weights (as in a BiFPN)."""

    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(2))

    def forward(self, a, b):
        w = F.relu(self.w)  # out of place: a new tensor, the parameter is left as it is
        w = w / (w.sum() + 1e-4)
        return w[0] * a + w[1] * b


torch.manual_seed(0)
fuse = WeightedFusion()
fuse(torch.randn(1, 4, 8, 8), torch.randn(1, 4, 8, 8)).mean().backward()
print("w:", fuse.w.data, "| _version", fuse.w._version)
print("w.grad:", fuse.w.grad)

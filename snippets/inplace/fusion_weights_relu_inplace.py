# raises: RuntimeError
# fixed-by: inplace/fusion_weights_relu
# cause: learned fusion weights (an nn.Parameter) are passed through the model's nn.ReLU(inplace=True) in forward
import torch
from torch import nn


class WeightedFusion(nn.Module):
    """Adds two feature maps with learned, non-negative weights (as in a BiFPN)."""

    def __init__(self):
        super().__init__()
        self.w = nn.Parameter(torch.ones(2))
        self.relu = nn.ReLU(inplace=True)  # shared with the conv blocks, where in place is fine

    def forward(self, a, b):
        w = self.relu(self.w)  # in place on the parameter itself, a leaf that requires grad
        w = w / (w.sum() + 1e-4)
        return w[0] * a + w[1] * b


torch.manual_seed(0)
fuse = WeightedFusion()
out = fuse(torch.randn(1, 4, 8, 8), torch.randn(1, 4, 8, 8))

# reference: same gradient as the closed form
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
a, b = torch.randn(1, 4, 8, 8), torch.randn(1, 4, 8, 8)
fuse(a, b).mean().backward()
print("w:", fuse.w.data, "| _version", fuse.w._version)
print("w.grad:", fuse.w.grad)

# The reference: the closed form, in float64. The ReLU passes positive weights on, and the
# output's mean is (w0 * mean(a) + w1 * mean(b)) / s with s = w0 + w1 + 1e-4, so
# d/dw0 = (mean(a) - out) / s and d/dw1 = (mean(b) - out) / s.
w0, w1 = fuse.w.detach().double()
s = w0 + w1 + 1e-4
means = torch.stack([a.double().mean(), b.double().mean()])
out = (w0 * means[0] + w1 * means[1]) / s
print("same gradient as the closed form:", torch.allclose(fuse.w.grad.double(), (means - out) / s))

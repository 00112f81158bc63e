# reference: same input gradients as the conv and batch norm unfused
import torch
from torch import nn


def fuse(conv, bn):
    """One conv that computes bn(conv(x)) in eval mode, for faster inference."""
    fused = nn.Conv2d(conv.in_channels, conv.out_channels, conv.kernel_size, padding=conv.padding)
    fused.requires_grad_(False)
    # The folded weights are values to store, not a computation to differentiate: copying
    # them under no_grad() leaves the fused Parameters leaves.
    with torch.no_grad():
        scale = bn.weight / torch.sqrt(bn.running_var + bn.eps)
        fused.weight.copy_(conv.weight * scale.view(-1, 1, 1, 1))
        fused.bias.copy_(bn.bias - bn.running_mean * scale)
    return fused


torch.manual_seed(0)
conv, bn = nn.Conv2d(3, 8, 3, padding=1, bias=False), nn.BatchNorm2d(8).eval()
# the scales, shifts and statistics that training leaves
nn.init.uniform_(bn.weight, 0.5, 1.5)
nn.init.uniform_(bn.bias, -0.5, 0.5)
bn.running_mean.uniform_(-1, 1)
bn.running_var.uniform_(0.5, 2.0)
fused = fuse(conv, bn)
replica = nn.Conv2d(3, 8, 3, padding=1)
replica.weight = fused.weight  # a second module that shares the fused weights
replica.bias = fused.bias
print("fused weight: is_leaf", fused.weight.is_leaf, "grad_fn", fused.weight.grad_fn)

# The reference: the gradient of a loss with respect to the input, through the shared fused
# weights and through the conv and batch norm unfused, which autograd differentiates by itself.
x = torch.randn(2, 3, 6, 6, requires_grad=True)
(got,) = torch.autograd.grad(replica(x).square().mean(), [x])
(expected,) = torch.autograd.grad(bn(conv(x)).square().mean(), [x])
print("same input gradients as the conv and batch norm unfused:", torch.allclose(got, expected, atol=1e-6))

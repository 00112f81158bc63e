# raises: ValueError
# fixed-by: leaf/fused_conv_under_no_grad
# cause: a conv and its batch norm folded into one frozen conv by copying the folded weights into it in place outside torch.no_grad(): the copy records a grad_fn on the Parameter itself, and assigning that Parameter to a module is refused
import torch
from torch import nn


def fuse(conv, bn):
    """One conv that computes bn(conv(x)) in eval mode, for faster inference."""
    fused = nn.Conv2d(conv.in_channels, conv.out_channels, conv.kernel_size, padding=conv.padding)
    fused.requires_grad_(False)
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

# reference: same gradient as torch.clamp's
import torch
from torch import nn


class ClampMin0(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        ctx.save_for_backward(t)
        return t.clamp(min=0)  # a new tensor: the parameter is left alone

    @staticmethod
    def backward(ctx, grad_out):
        (t,) = ctx.saved_tensors
        return grad_out.masked_fill(t <= 0, 0.0)


class PositiveLinear(nn.Linear):
    """A layer whose weights must stay non-negative (a monotonic model)."""

    def forward(self, x):
        return x @ ClampMin0.apply(self.weight).t()


torch.manual_seed(0)
layer = PositiveLinear(3, 2, bias=False)
layer(torch.randn(4, 3)).sum().backward()
print("weight:", layer.weight)
print("weight.grad:", layer.weight.grad)

# The reference: the same weights and input drawn again from the seed, clamped by
# PyTorch's own clamp, whose derivative autograd knows.
torch.manual_seed(0)
plain = nn.Linear(3, 2, bias=False)
x = torch.randn(4, 3)
(expected,) = torch.autograd.grad((x @ plain.weight.clamp(min=0).t()).sum(), plain.weight)
same = layer.weight.grad is not None and torch.allclose(layer.weight.grad, expected)
print("same gradient as torch.clamp's:", same)

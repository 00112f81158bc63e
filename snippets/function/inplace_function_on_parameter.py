# raises: RuntimeError
# fixed-by: function/out_of_place_function_on_parameter
# cause: a custom Function that edits its input in place (and says so with mark_dirty) is applied to a parameter
import torch
from torch import nn


class ClampInPlace(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        ctx.save_for_backward(t)
        ctx.mark_dirty(t)
        return t.clamp_(min=0)

    @staticmethod
    def backward(ctx, grad_out):
        (t,) = ctx.saved_tensors
        return grad_out.masked_fill(t <= 0, 0.0)


class PositiveLinear(nn.Linear):
    """A layer whose weights must stay non-negative (a monotonic model)."""

    def forward(self, x):
        return x @ ClampInPlace.apply(self.weight).t()  # self.weight is a leaf


torch.manual_seed(0)
layer = PositiveLinear(3, 2, bias=False)
layer(torch.randn(4, 3)).sum().backward()

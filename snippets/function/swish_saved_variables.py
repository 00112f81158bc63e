# fixed-by: function/swish_saved_tensors
# cause: a custom Function's backward reads ctx.saved_variables, the name older code and tutorials use for what save_for_backward saved
import torch
from torch import nn


class MemoryEfficientSwish(torch.autograd.Function):
    """x * sigmoid(x) that saves only x and recomputes the sigmoid in backward."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * torch.sigmoid(x)

    @staticmethod
    def backward(ctx, grad_out):
        x = ctx.saved_variables[0]
        s = torch.sigmoid(x)
        return grad_out * s * (1 + x * (1 - s))


torch.manual_seed(0)
layer = nn.Linear(3, 8)
loss = MemoryEfficientSwish.apply(layer(torch.randn(4, 3))).sum()
loss.backward()
print("layer.weight.grad:", tuple(layer.weight.grad.shape))

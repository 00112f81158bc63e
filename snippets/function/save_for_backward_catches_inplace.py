# raises: RuntimeError
# fixed-by: function/save_for_backward_out_of_place
# cause: a custom Function saves its input with save_for_backward, and later code edits that input in place
import torch
from torch import nn


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, h):
        ctx.save_for_backward(h)  # autograd records h's version
        return h**3

    @staticmethod
    def backward(ctx, grad_out):
        (h,) = ctx.saved_tensors  # checks that version first
        return grad_out * 3 * h**2


torch.manual_seed(0)
encoder, head = nn.Linear(3, 2), nn.Linear(2, 1)
x = torch.randn(4, 3)

h = encoder(x)
penalty = Cube.apply(h).mean()
loss = head(h.relu_()).mean() + 0.1 * penalty
loss.backward()

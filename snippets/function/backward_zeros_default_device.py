# raises: RuntimeError
# fixed-by: function/backward_zeros_like_input
# cause: a custom Function's backward builds a gradient with torch.zeros(shape), which lands on the default device, while the input lives on another one (a GPU)
import torch


class ScaleFrozen(torch.autograd.Function):
    """x * scale, with no gradient computed for scale."""

    @staticmethod
    def forward(ctx, x, scale):
        ctx.save_for_backward(scale)
        return x * scale

    @staticmethod
    def backward(ctx, grad_out):
        (scale,) = ctx.saved_tensors
        return grad_out * scale, torch.zeros(scale.shape)  # on the CPU


# The meta device stands in for a GPU here: tensors with shapes and no data.
x = torch.ones(4, 3, device="meta", requires_grad=True)
scale = torch.ones(3, device="meta", requires_grad=True)
ScaleFrozen.apply(x, scale).sum().backward()

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
        return grad_out * scale, torch.zeros_like(scale)  # scale's device, dtype, shape


# The meta device stands in for a GPU here: tensors with shapes and no data.
x = torch.ones(4, 3, device="meta", requires_grad=True)
scale = torch.ones(3, device="meta", requires_grad=True)
ScaleFrozen.apply(x, scale).sum().backward()
print("x.grad:", x.grad.device, tuple(x.grad.shape))
print("scale.grad:", scale.grad.device, tuple(scale.grad.shape))

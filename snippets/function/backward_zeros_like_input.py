# reference: same gradients as plain autograd
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
        return grad_out * scale, None  # None: scale gets no gradient, on no device


# The meta device stands in for a GPU here: tensors with shapes and no data.
x = torch.ones(4, 3, device="meta", requires_grad=True)
scale = torch.ones(3, device="meta", requires_grad=True)
ScaleFrozen.apply(x, scale).sum().backward()
print("x.grad:", x.grad.device, tuple(x.grad.shape))
print("scale.grad:", scale.grad)

# The reference, with values on the CPU: autograd's gradient of x * scale for x, and none
# for scale, which the optimizer then leaves alone.
torch.manual_seed(0)
x, scale = torch.randn(4, 3, requires_grad=True), torch.randn(3, requires_grad=True)
ScaleFrozen.apply(x, scale).sum().backward()
(expected,) = torch.autograd.grad((x * scale.detach()).sum(), x)
print("same gradients as plain autograd:", torch.allclose(x.grad, expected) and scale.grad is None)

# reference: same gradient as the closed form
import torch


class ClippedSquare(torch.autograd.Function):
    """x**2 with the gradient clipped to [-limit, limit], a trick some training code uses."""

    @staticmethod
    def forward(ctx, x, limit):
        ctx.save_for_backward(x)  # tensors go through save_for_backward,
        ctx.limit = limit  # anything else is an attribute of ctx
        return x**2

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        return (grad_out * 2 * x).clamp(-ctx.limit, ctx.limit), None


x = torch.tensor([0.5, 1.0, 3.0], requires_grad=True)
y = ClippedSquare.apply(x, 4)
y.sum().backward()
print("x.grad:", x.grad)  # 2 * 3.0 = 6 is clipped to 4

# The reference: the derivative of x**2, 2x, clipped to [-4, 4] by hand.
expected = (2 * x.detach()).clamp(-4, 4)
print("same gradient as the closed form:", torch.equal(x.grad, expected))

# raises: TypeError
# fixed-by: derivatives/save_for_backward_int_on_ctx
# cause: a custom Function passes an integer setting (a clip threshold) to ctx.save_for_backward along with its input
import torch


class ClippedSquare(torch.autograd.Function):
    """x**2 with the gradient clipped to [-limit, limit], a trick some training code uses."""

    @staticmethod
    def forward(ctx, x, limit):
        ctx.save_for_backward(x, limit)  # limit is a Python int, not a tensor
        return x**2

    @staticmethod
    def backward(ctx, grad_out):
        x, limit = ctx.saved_tensors
        return (grad_out * 2 * x).clamp(-limit, limit), None


x = torch.tensor([0.5, 1.0, 3.0], requires_grad=True)
y = ClippedSquare.apply(x, 4)
y.sum().backward()
print("x.grad:", x.grad)

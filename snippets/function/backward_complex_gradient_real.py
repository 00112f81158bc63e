# reference: same as autograd's
import torch


class Modulate(torch.autograd.Function):
    """The real part of a real signal times a complex carrier."""

    @staticmethod
    def forward(ctx, x, carrier):
        ctx.save_for_backward(carrier)
        return (x * carrier).real

    @staticmethod
    def backward(ctx, grad_out):
        (carrier,) = ctx.saved_tensors
        return (grad_out * carrier).real, None  # real, like x


x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
carrier = torch.complex(torch.tensor([1.0, 0.0, -1.0, 0.0]), torch.tensor([0.0, 1.0, 0.0, -1.0]))  # 1, i, -1, -i
Modulate.apply(x, carrier).sum().backward()
print("x.grad:", x.grad)

# The reference: autograd's own derivative of the same expression, without the Function.
(expected,) = torch.autograd.grad((x * carrier).real.sum(), x)
print("same as autograd's:", torch.equal(x.grad, expected))

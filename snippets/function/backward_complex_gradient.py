# raises: RuntimeError
# fixed-by: function/backward_complex_gradient_real
# cause: a custom Function's backward computes with complex numbers and returns the complex result as the gradient of a real input
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
        return grad_out * carrier, None  # complex, though x is real


x = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
carrier = torch.complex(torch.tensor([1.0, 0.0, -1.0, 0.0]), torch.tensor([0.0, 1.0, 0.0, -1.0]))  # 1, i, -1, -i
Modulate.apply(x, carrier).sum().backward()

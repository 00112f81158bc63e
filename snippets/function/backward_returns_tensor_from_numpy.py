# reference: same gradient as torch.cumsum
import numpy as np
import torch


class NumpyCumsum(torch.autograd.Function):
    """A running total along the last axis, computed by NumPy."""

    @staticmethod
    def forward(ctx, x):
        return torch.from_numpy(np.cumsum(x.detach().numpy(), axis=-1))

    @staticmethod
    def backward(ctx, grad_out):
        g = grad_out.numpy()
        # each input entry counts in every total from its position on: a reversed running sum
        grad = np.flip(np.cumsum(np.flip(g, axis=-1), axis=-1), axis=-1)
        return torch.from_numpy(grad.copy())  # a tensor again (the copy undoes flip's negative strides)


torch.manual_seed(0)
x = torch.randn(2, 4, dtype=torch.float64, requires_grad=True)
weights = torch.tensor([1.0, 2.0, 3.0, 4.0], dtype=torch.float64)
(NumpyCumsum.apply(x) * weights).sum().backward()
print("x.grad:", x.grad.tolist())

# The reference: PyTorch's own cumsum, on a copy of x.
x_ref = x.detach().clone().requires_grad_()
(torch.cumsum(x_ref, dim=-1) * weights).sum().backward()
print("same gradient as torch.cumsum:", torch.equal(x.grad, x_ref.grad))

# raises: RuntimeError
# fixed-by: function/backward_returns_tensor_from_numpy
# cause: a custom Function written with NumPy returns the gradient its backward computed as a NumPy array, not converted back to a tensor
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
        return np.flip(np.cumsum(np.flip(g, axis=-1), axis=-1), axis=-1)


torch.manual_seed(0)
x = torch.randn(2, 4, dtype=torch.float64, requires_grad=True)
weights = torch.tensor([1.0, 2.0, 3.0, 4.0], dtype=torch.float64)
(NumpyCumsum.apply(x) * weights).sum().backward()

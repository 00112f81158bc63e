# raises: RuntimeError
# fixed-by: func/grad_torch_instead_of_numpy
# cause: a loss under torch.func.grad computes a constant with NumPy from tensor.detach().numpy()
# min-torch: 2.0
import numpy as np
import torch
from torch.func import grad

torch.manual_seed(0)
w = torch.randn(5)
x, y = torch.randn(8, 5), torch.randn(8)


def loss_fn(w):
    residual = x @ w - y
    scale = float(np.median(np.abs(residual.detach().numpy())))  # a robust scale, held constant
    return (residual / scale).pow(2).mean()


print("loss:", round(loss_fn(w).item(), 4))
g = grad(loss_fn)(w)

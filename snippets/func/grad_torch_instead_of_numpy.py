# min-torch: 2.0
# reference: same gradient as plain autograd with the NumPy scale
import numpy as np
import torch
from torch.func import grad

torch.manual_seed(0)
w = torch.randn(5)
x, y = torch.randn(8, 5), torch.randn(8)


def loss_fn(w):
    residual = x @ w - y
    scale = residual.detach().abs().quantile(0.5)  # NumPy's median, in torch: it works on the transform's tensors
    return (residual / scale).pow(2).mean()


g = grad(loss_fn)(w)
print("gradient:", tuple(g.shape))

# The reference: the NumPy version, differentiated by plain autograd (no transform, so .numpy() works).
leaf = w.clone().requires_grad_()
residual = x @ leaf - y
scale = float(np.median(np.abs(residual.detach().numpy())))
(expected,) = torch.autograd.grad((residual / scale).pow(2).mean(), leaf)
print("same gradient as plain autograd with the NumPy scale:", torch.allclose(g, expected))

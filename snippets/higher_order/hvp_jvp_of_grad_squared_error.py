# min-torch: 2.0
# reference: same Hessian-vector product as reverse-over-reverse autograd with F.mse_loss
import warnings

import torch
import torch.nn.functional as F
from torch.func import grad, jvp

# From 2.14 on, PyTorch's own forward-mode code calls torch.jit.script, which warns that it is deprecated.
warnings.filterwarnings("ignore", message="`torch.jit.script` is deprecated", category=FutureWarning)

torch.manual_seed(0)
x, y = torch.randn(20, 3), torch.randn(20)
w = torch.randn(3)  # a linear model's weights
v = torch.randn(3)  # the direction to multiply the Hessian by


def loss_fn(w):
    return (x @ w - y).pow(2).mean()  # mse_loss's mean, written with operations forward mode handles


_, hvp = jvp(grad(loss_fn), (w,), (v,))
print("Hessian-vector product:", tuple(hvp.shape))

# The reference: F.mse_loss differentiated twice by plain autograd, the Hessian-vector product
# as the gradient of (gradient . v).
leaf = w.clone().requires_grad_()
(g,) = torch.autograd.grad(F.mse_loss(x @ leaf, y), leaf, create_graph=True)
(expected,) = torch.autograd.grad(g @ v, leaf)
print("same Hessian-vector product as reverse-over-reverse autograd with F.mse_loss:",
      torch.allclose(hvp, expected, atol=1e-6))

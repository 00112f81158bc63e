# raises: RuntimeError
# fixed-by: higher_order/hvp_jvp_of_grad_squared_error
# cause: a Hessian-vector product by forward-over-reverse, torch.func.jvp of torch.func.grad, through F.mse_loss with its default mean reduction; the target carries no tangent, so forward mode hands mse_loss's double backward a ZeroTensor, which it divides in place
# min-torch: 2.0
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
    return F.mse_loss(x @ w, y)


print("gradient alone:", tuple(grad(loss_fn)(w).shape))
_, hvp = jvp(grad(loss_fn), (w,), (v,))

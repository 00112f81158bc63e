# raises: RuntimeError
# fixed-by: func/vmap_grad_input_derivative
# cause: a per-sample derivative under vmap is taken with torch.autograd.functional.jacobian inside the function
# min-torch: 2.0
import torch
from torch import nn
from torch.func import vmap

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(1, 16), nn.Tanh(), nn.Linear(16, 1))  # u(x), as in a physics-informed network
xs = torch.linspace(-1, 1, 8).unsqueeze(1)  # eight points, one coordinate each


def u(x):
    return model(x).squeeze()  # one point's output, a scalar


def du_dx(x):
    return torch.autograd.functional.jacobian(u, x, create_graph=True)


print("first point alone:", round(du_dx(xs[0]).item(), 4))
derivatives = vmap(du_dx)(xs)

# min-torch: 2.0
# reference: same derivatives and parameter gradients as plain autograd
import torch
from torch import nn
from torch.func import grad, vmap

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(1, 16), nn.Tanh(), nn.Linear(16, 1))  # u(x), as in a physics-informed network
xs = torch.linspace(-1, 1, 8).unsqueeze(1)  # eight points, one coordinate each


def u(x):
    return model(x).squeeze()  # one point's output, a scalar


du_dx = vmap(grad(u))(xs)  # the derivative at each point (jacrev for a u with several outputs)
loss = (du_dx - torch.cos(xs)).pow(2).mean() + u(torch.zeros(1)).pow(2)  # u' = cos and u(0) = 0: u = sin
param_grads = torch.autograd.grad(loss, list(model.parameters()))
print("derivatives:", tuple(du_dx.shape), "parameter gradients:", len(param_grads))

# The reference: plain autograd on the whole batch (each output depends on its own point only).
x = xs.clone().requires_grad_()
(expected_du_dx,) = torch.autograd.grad(model(x).sum(), x, create_graph=True)
expected_loss = (expected_du_dx - torch.cos(xs)).pow(2).mean() + model(torch.zeros(1)).pow(2).sum()
expected = torch.autograd.grad(expected_loss, list(model.parameters()))
same = torch.allclose(du_dx, expected_du_dx) and all(
    g is not None and torch.allclose(g, e) for g, e in zip(param_grads, expected))
print("same derivatives and parameter gradients as plain autograd:", same)

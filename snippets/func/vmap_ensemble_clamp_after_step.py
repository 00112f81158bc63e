# min-torch: 2.0
# graph: losses
# reference: same gradients as each model alone with plain autograd
import copy

import torch
from torch import nn
from torch.func import functional_call, stack_module_state, vmap


class NonNegLinear(nn.Linear):
    """A linear layer whose weights stay non-negative, clamped at every call."""

    def forward(self, x):
        self.weight.data.clamp_(min=0)
        return super().forward(x)


torch.manual_seed(0)
models = [nn.Sequential(NonNegLinear(4, 8), nn.ReLU(), nn.Linear(8, 1)) for _ in range(3)]
x = torch.randn(5, 4)
y = torch.randn(5, 1)

params, buffers = stack_module_state(models)
# The ensemble's forward is a plain nn.Linear: no .data inside vmap.
base = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1)).to("meta")


def keep_non_negative(params):
    # The constraint, applied to the stacked weights outside the forward pass: now, and
    # after every optimizer step.
    with torch.no_grad():
        params["0.weight"].clamp_(min=0)


def loss_fn(params, buffers, x, y):
    return nn.functional.mse_loss(functional_call(base, (params, buffers), (x,)), y)


keep_non_negative(params)
losses = vmap(loss_fn, in_dims=(0, 0, None, None))(params, buffers, x, y)
losses.sum().backward()
print("ensemble gradients:", {name: tuple(p.grad.shape) for name, p in params.items()})

# The reference: each model alone, with its .data clamp in forward, by plain autograd.
same = True
for i, model in enumerate(models):
    nn.functional.mse_loss(model(x), y).backward()
    same &= all(torch.allclose(params[name].grad[i], p.grad, atol=1e-6) for name, p in model.named_parameters())
print("same gradients as each model alone with plain autograd:", same)

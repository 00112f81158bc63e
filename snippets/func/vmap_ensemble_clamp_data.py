# raises: RuntimeError
# fixed-by: func/vmap_ensemble_clamp_after_step
# cause: a model ensemble run with vmap over stacked parameters, whose layer keeps its weights non-negative by clamping weight.data in forward; vmap refuses .data of a batched tensor
# min-torch: 2.0
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

# One model alone is fine.
nn.functional.mse_loss(models[0](x), y).backward()
print("one model, grad of 0.weight:", tuple(models[0][0].weight.grad.shape))

params, buffers = stack_module_state(models)
base = copy.deepcopy(models[0]).to("meta")


def loss_fn(params, buffers, x, y):
    return nn.functional.mse_loss(functional_call(base, (params, buffers), (x,)), y)


losses = vmap(loss_fn, in_dims=(0, 0, None, None))(params, buffers, x, y)

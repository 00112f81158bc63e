# raises: RuntimeError
# fixed-by: func/vmap_mask_with_where
# cause: a per-sample loss under vmap(grad(...)) zeroes the invalid positions through a boolean mask, err[~mask] = torch.zeros_like(err[~mask])
# min-torch: 2.0
import torch
from torch import nn
from torch.func import functional_call, grad, vmap

torch.manual_seed(0)
model = nn.Linear(3, 4)  # four predictions per sample
params = {name: p.detach() for name, p in model.named_parameters()}
x, y = torch.randn(5, 3), torch.randn(5, 4)
valid = torch.rand(5, 4) > 0.3  # which targets each sample has


def loss_fn(params, sample, target, mask):
    err = (functional_call(model, params, (sample,)) - target).pow(2)
    err[~mask] = torch.zeros_like(err[~mask])  # zero the positions the sample has no target for
    return err.sum() / mask.sum()


print("first sample alone:", round(loss_fn(params, x[0], y[0], valid[0]).item(), 4))
per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0, 0))(params, x, y, valid)

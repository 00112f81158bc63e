# min-torch: 2.0
# reference: same per-sample gradients as a Python loop with err[mask]
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
    return torch.where(mask, err, 0.0).sum() / mask.sum()  # same shape for every sample: zeros where invalid


per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0, 0))(params, x, y, valid)
print("per-sample gradients:", {name: tuple(g.shape) for name, g in per_sample.items()})

# The reference: each sample alone, with the boolean mask and plain autograd, without vmap.
same = True
for i in range(5):
    loss = (model(x[i]) - y[i]).pow(2)[valid[i]].mean()
    expected = torch.autograd.grad(loss, list(model.parameters()))
    same &= all(per_sample[name][i] is not None and torch.allclose(per_sample[name][i], e)
                for name, e in zip(params, expected))
print("same per-sample gradients as a Python loop with err[mask]:", same)

# min-torch: 2.0
# reference: same per-sample gradients as a Python loop with torch.quantile
import torch
from torch import nn
from torch.func import functional_call, grad, vmap

torch.manual_seed(0)
model = nn.Linear(4, 6)  # six predictions per sample
params = {name: p.detach() for name, p in model.named_parameters()}
x, y = torch.randn(5, 4), torch.randn(5, 6)


def quantile(values, q):
    """torch.quantile's default (linear) interpolation, from sort and indexing, which vmap batches."""
    ordered = values.sort().values
    position = q * (values.shape[0] - 1)  # a Python number: q and the length are the same for every sample
    below = int(position)
    above = min(below + 1, values.shape[0] - 1)
    return ordered[below] + (position - below) * (ordered[above] - ordered[below])


def loss_fn(params, sample, target):
    err = (functional_call(model, params, (sample,)) - target).abs()
    return torch.minimum(err, quantile(err, 0.9)).mean()


per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0))(params, x, y)
print("per-sample gradients:", {name: tuple(g.shape) for name, g in per_sample.items()})

# The reference: each sample alone, with torch.quantile and plain autograd, without vmap.
same = True
for i in range(5):
    err = (model(x[i]) - y[i]).abs()
    loss = torch.minimum(err, torch.quantile(err, 0.9)).mean()
    expected = torch.autograd.grad(loss, list(model.parameters()))
    same &= all(per_sample[name][i] is not None and torch.allclose(per_sample[name][i], e)
                for name, e in zip(params, expected))
print("same per-sample gradients as a Python loop with torch.quantile:", same)

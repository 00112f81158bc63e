# min-torch: 2.0
# reference: same gradients as plain autograd
import torch
from torch import nn
from torch.func import functional_call, grad

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.ReLU(), nn.Linear(4, 2))
params = {name: p.detach() for name, p in model.named_parameters()}
buffers = dict(model.named_buffers())  # the module's own tensors, not copies
x = torch.randn(8, 3)
y = torch.tensor([0, 1, 1, 0, 1, 0, 0, 1])


def loss_fn(params, buffers, x, y):
    # The buffers are an input now, so the transform lets BatchNorm update them in place.
    logits = functional_call(model, (params, buffers), (x,))
    return nn.functional.cross_entropy(logits, y)


grads = grad(loss_fn)(params, buffers, x, y)
print("gradients:", {name: tuple(g.shape) for name, g in grads.items()})
print("batches tracked by the module:", model[1].num_batches_tracked.item())
print("running mean moved:", bool(model[1].running_mean.abs().sum() > 0))

# The reference: plain autograd through the model itself, in train mode, for every parameter.
named = dict(model.named_parameters())
expected = torch.autograd.grad(nn.functional.cross_entropy(model(x), y), list(named.values()))
same = all(grads.get(name) is not None and torch.allclose(grads[name], e) for name, e in zip(named, expected))
print("same gradients as plain autograd:", same)

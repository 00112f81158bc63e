# raises: RuntimeError
# fixed-by: func/vmap_dropout_randomness
# cause: per-sample gradients with vmap(grad(...)) of a model with dropout in train mode
# min-torch: 2.0
import torch
from torch import nn
from torch.func import functional_call, grad, vmap

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 8), nn.ReLU(), nn.Dropout(0.5), nn.Linear(8, 2))
params = {name: p.detach() for name, p in model.named_parameters()}
x = torch.randn(6, 3)
y = torch.tensor([0, 1, 1, 0, 1, 0])


def loss_fn(params, sample, target):
    # One sample, made a batch of one for the model.
    logits = functional_call(model, params, (sample.unsqueeze(0),))
    return nn.functional.cross_entropy(logits, target.unsqueeze(0))


print("first sample alone:", tuple(grad(loss_fn)(params, x[0], y[0])["0.weight"].shape))
per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0))(params, x, y)

# fixed-by: func/vmap_quantile_by_sort
# cause: a per-sample loss under vmap(grad(...)) calls torch.quantile, which goes through an operator without a batching rule
# min-torch: 2.0
import torch
from torch import nn
from torch.func import functional_call, grad, vmap

torch.manual_seed(0)
model = nn.Linear(4, 6)  # six predictions per sample
params = {name: p.detach() for name, p in model.named_parameters()}
x, y = torch.randn(5, 4), torch.randn(5, 6)


def loss_fn(params, sample, target):
    err = (functional_call(model, params, (sample,)) - target).abs()
    # errors above the sample's 90th percentile count as that percentile
    return torch.minimum(err, torch.quantile(err, 0.9)).mean()


per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0))(params, x, y)
print("per-sample gradients:", {name: tuple(g.shape) for name, g in per_sample.items()})

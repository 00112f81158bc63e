# raises: ValueError
# fixed-by: func/vmap_in_dims_none_for_scalar
# cause: per-sample gradients with vmap(grad(...)) whose in_dims give 0 to an argument every sample shares, a 0-dim tensor (a label-smoothing weight) that has no dimension to map over
# min-torch: 2.0
import torch
from torch import nn
from torch.func import functional_call, grad, vmap

torch.manual_seed(0)
model = nn.Linear(4, 3)
params = {name: p.detach() for name, p in model.named_parameters()}
x = torch.randn(5, 4)
y = torch.tensor([0, 2, 1, 1, 0])
smoothing = torch.tensor(0.1)  # one number for the whole batch, a 0-dim tensor


def loss_fn(params, sample, target, smoothing):
    logits = functional_call(model, params, (sample.unsqueeze(0),))
    nll = nn.functional.cross_entropy(logits, target.unsqueeze(0))
    return (1 - smoothing) * nll - smoothing * logits.log_softmax(dim=1).mean()


print("x:", tuple(x.shape), "y:", tuple(y.shape), "smoothing:", tuple(smoothing.shape))
# Every argument but params was given in_dim 0, the shared smoothing too.
per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0, 0))(params, x, y, smoothing)

# min-torch: 2.0
# reference: same per-sample gradients as plain autograd in a loop
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


# None for every argument the samples share: params and the smoothing.
per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0, None))(params, x, y, smoothing)
print("per-sample gradients:", {name: tuple(g.shape) for name, g in per_sample.items()})

# The reference: each sample's loss through the model itself, its gradients by plain autograd.
same = True
for i in range(5):
    loss = loss_fn(dict(model.named_parameters()), x[i], y[i], smoothing)
    expected = torch.autograd.grad(loss, list(model.parameters()))
    same &= all(torch.allclose(per_sample[name][i], e) for name, e in zip(params, expected))
print("same per-sample gradients as plain autograd in a loop:", same)

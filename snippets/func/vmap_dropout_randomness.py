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
    logits = functional_call(model, params, (sample.unsqueeze(0),))
    return nn.functional.cross_entropy(logits, target.unsqueeze(0))


# Say what random operations do under vmap: one draw per sample, as a Python loop would.
per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0), randomness="different")(params, x, y)
print("per-sample gradients:", {name: tuple(g.shape) for name, g in per_sample.items()})

# What the two settings draw: a dropout mask for each of 6 rows of ones.
for randomness in ("different", "same"):
    masks = vmap(lambda row: nn.functional.dropout(row, 0.5), randomness=randomness)(torch.ones(6, 8))
    print(f"randomness={randomness!r}: every row has the same mask:", bool((masks == masks[0]).all()))

# In eval mode dropout draws nothing, and the default randomness="error" is enough.
model.eval()
per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0))(params, x, y)
print("eval mode:", tuple(per_sample["0.weight"].shape))

# min-torch: 2.0
# reference: same per-sample gradients as plain autograd
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
rng = torch.get_rng_state()  # for the reference at the end
per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0), randomness="different")(params, x, y)
print("per-sample gradients:", {name: tuple(g.shape) for name, g in per_sample.items()})

# What the two settings draw: a dropout mask for each of 6 rows of ones.
for randomness in ("different", "same"):
    masks = vmap(lambda row: nn.functional.dropout(row, 0.5), randomness=randomness)(torch.ones(6, 8))
    print(f"randomness={randomness!r}: every row has the same mask:", bool((masks == masks[0]).all()))

# In eval mode dropout draws nothing, and the default randomness="error" is enough.
model.eval()
in_eval = vmap(grad(loss_fn), in_dims=(None, 0, 0))(params, x, y)
print("eval mode:", tuple(in_eval["0.weight"].shape))

# The reference: each sample's gradients by plain autograd, without vmap: in train mode with the
# dropout mask vmap drew for it (drawn again from the same generator state), in eval mode with none.
torch.set_rng_state(rng)
masks = vmap(lambda row: nn.functional.dropout(row, 0.5), randomness="different")(torch.ones(6, 1, 8))
same = True
for i in range(6):
    for grads, mask in ((per_sample, masks[i]), (in_eval, 1)):
        h = model[1](model[0](x[i : i + 1])) * mask
        loss = nn.functional.cross_entropy(model[3](h), y[i : i + 1])
        expected = torch.autograd.grad(loss, list(model.parameters()))
        same &= all(torch.allclose(grads[name][i], e) for name, e in zip(params, expected))
print("same per-sample gradients as plain autograd:", same)

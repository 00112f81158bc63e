# min-torch: 2.0
# reference: same per-sample gradients as plain autograd with nn.SiLU
import torch
from torch import nn
from torch.func import functional_call, grad, vmap


class MemoryEfficientSwish(torch.autograd.Function):
    """x * sigmoid(x) that saves only x and recomputes the sigmoid in backward."""

    # Every step is a torch operation, so vmap can batch forward and backward by itself.
    generate_vmap_rule = True

    @staticmethod
    def forward(x):  # no ctx: forward only computes
        return x * torch.sigmoid(x)

    @staticmethod
    def setup_context(ctx, inputs, output):  # what backward needs, saved here
        (x,) = inputs
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        s = torch.sigmoid(x)
        return grad_out * s * (1 + x * (1 - s))


class Swish(nn.Module):
    def forward(self, x):
        return MemoryEfficientSwish.apply(x)


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 8), Swish(), nn.Linear(8, 2))
params = {name: p.detach() for name, p in model.named_parameters()}
x = torch.randn(6, 3)
y = torch.tensor([0, 1, 1, 0, 1, 0])


def loss_fn(params, sample, target):
    logits = functional_call(model, params, (sample.unsqueeze(0),))
    return nn.functional.cross_entropy(logits, target.unsqueeze(0))


per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0))(params, x, y)
print("per-sample gradients:", {name: tuple(g.shape) for name, g in per_sample.items()})

# The reference: the same layers with nn.SiLU, the same formula, and each sample's gradients
# by plain autograd in a Python loop.
plain = nn.Sequential(model[0], nn.SiLU(), model[2])
same = True
for i in range(6):
    loss = nn.functional.cross_entropy(plain(x[i : i + 1]), y[i : i + 1])
    expected = torch.autograd.grad(loss, list(plain.parameters()))
    same &= all(torch.allclose(per_sample[name][i], e, rtol=1e-4, atol=1e-6) for name, e in zip(params, expected))
print("same per-sample gradients as plain autograd with nn.SiLU:", same)

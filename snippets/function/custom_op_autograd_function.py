# min-torch: 2.2
# reference: same gradients as torch's own silu
# graph: loss
import numpy as np
import torch
from torch import nn

lib = torch.library.Library("fieldguide", "DEF")
lib.define("silu(Tensor x) -> Tensor")


def silu_kernel(x):
    a = x.detach().numpy()
    return torch.from_numpy(a / (1 + np.exp(-a)))


lib.impl("silu", silu_kernel, "CPU")


class SiLU(torch.autograd.Function):
    """The operator with its derivative: forward calls the kernel, backward gives the gradient."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.ops.fieldguide.silu(x)

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        s = torch.sigmoid(x)
        return grad_out * s * (1 + x * (1 - s))


torch.manual_seed(0)
layer = nn.Linear(4, 4)
x = torch.randn(8, 4)
loss = SiLU.apply(layer(x)).pow(2).mean()
loss.backward()
print("layer.weight.grad:", tuple(layer.weight.grad.shape))

# The reference: the same layer through torch.nn.functional.silu, differentiated by autograd
params = list(layer.parameters())
expected = torch.autograd.grad(torch.nn.functional.silu(layer(x)).pow(2).mean(), params)
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(params, expected))
print("same gradients as torch's own silu:", same)

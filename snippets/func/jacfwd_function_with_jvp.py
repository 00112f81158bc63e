# min-torch: 2.0
# reference: same Jacobian as reverse mode with nn.SiLU
import warnings

import torch
from torch import nn
from torch.func import jacfwd, jacrev


# From 2.14 on, PyTorch's own forward-mode code calls torch.jit.script, which warns that it is deprecated.
warnings.filterwarnings("ignore", message="`torch.jit.script` is deprecated", category=FutureWarning)


class MemoryEfficientSwish(torch.autograd.Function):
    """x * sigmoid(x) that saves only x and recomputes the sigmoid in backward."""

    generate_vmap_rule = True

    @staticmethod
    def forward(x):
        return x * torch.sigmoid(x)

    @staticmethod
    def setup_context(ctx, inputs, output):
        (x,) = inputs
        ctx.save_for_backward(x)
        ctx.save_for_forward(x)  # what jvp needs, saved for forward mode

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        s = torch.sigmoid(x)
        return grad_out * s * (1 + x * (1 - s))

    @staticmethod
    def jvp(ctx, x_tangent):
        # forward mode: the derivative times the input's tangent, the same formula as backward
        (x,) = ctx.saved_tensors
        s = torch.sigmoid(x)
        return x_tangent * s * (1 + x * (1 - s))


class Swish(nn.Module):
    def forward(self, x):
        return MemoryEfficientSwish.apply(x)


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 8), Swish(), nn.Linear(8, 2))
x = torch.randn(3)
jacobian = jacfwd(model)(x)
print("forward-mode Jacobian:", tuple(jacobian.shape))

# The reference: the same layers with nn.SiLU, differentiated in reverse mode.
plain = nn.Sequential(model[0], nn.SiLU(), model[2])
print("same Jacobian as reverse mode with nn.SiLU:", torch.allclose(jacobian, jacrev(plain)(x), atol=1e-6))

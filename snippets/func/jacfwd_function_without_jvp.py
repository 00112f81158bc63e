# min-torch: 2.0
# raises: NotImplementedError
# fixed-by: func/jacfwd_function_with_jvp
# cause: forward-mode AD (torch.func.jacfwd or jvp, or torch.autograd.forward_ad) runs through a custom autograd.Function that defines backward but no jvp
import warnings

import torch
from torch import nn
from torch.func import jacfwd


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
x = torch.randn(3)
loss = model(x).sum()
loss.backward()  # reverse mode runs backward
print("reverse mode, grad of 0.weight:", tuple(model[0].weight.grad.shape))

# The Jacobian of the output with respect to the input, by forward mode: 3 inputs, 2 outputs.
jacobian = jacfwd(model)(x)

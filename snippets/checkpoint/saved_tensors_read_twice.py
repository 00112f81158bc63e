# raises: CheckpointError
# fixed-by: checkpoint/saved_tensors_read_once
# cause: a custom Function's backward reads ctx.saved_tensors twice (an emptiness check, then the unpacking) and runs inside non-reentrant checkpointing
# min-torch: 2.1
import warnings

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

# PyTorch 2.4.1's own checkpoint code calls an API that release deprecated, and warns
# about it in backward; nothing in this code could avoid that warning
warnings.filterwarnings("ignore", r".*torch\.cpu\.amp\.autocast", FutureWarning)


class GatedProduct(torch.autograd.Function):
    """x * sigmoid(gate), a fused kernel's Python stand-in."""

    @staticmethod
    def forward(ctx, x, gate):
        ctx.save_for_backward(x, gate)
        return x * torch.sigmoid(gate)

    @staticmethod
    def backward(ctx, grad_out):
        if len(ctx.saved_tensors) == 0:  # nothing saved: no gradient to give
            return None, None
        x, gate = ctx.saved_tensors      # the second read of the saved tensors
        s = torch.sigmoid(gate)
        return grad_out * s, grad_out * x * s * (1 - s)


class Block(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.proj, self.gate = nn.Linear(dim, dim), nn.Linear(dim, dim)

    def forward(self, x):
        return GatedProduct.apply(self.proj(x), self.gate(x))


torch.manual_seed(0)
block = Block()
x = torch.randn(4, 8, requires_grad=True)
y = checkpoint(block, x, use_reentrant=False)
y.pow(2).mean().backward()

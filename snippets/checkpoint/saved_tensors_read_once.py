# reference: same gradients as without checkpointing
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
        saved = ctx.saved_tensors        # read once, then used for both
        if len(saved) == 0:
            return None, None
        x, gate = saved
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
print("x.grad:", tuple(x.grad.shape))

# The reference: the same block without checkpointing, written with plain torch.sigmoid, so
# autograd derives every gradient itself
leaves = [x, *block.parameters()]
plain = block.proj(x) * torch.sigmoid(block.gate(x))
expected = torch.autograd.grad(plain.pow(2).mean(), leaves)
same = all(t.grad is not None and torch.allclose(t.grad, e) for t, e in zip(leaves, expected))
print("same gradients as without checkpointing:", same)

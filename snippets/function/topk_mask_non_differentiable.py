# reference: same gradients as multiplying by the mask
import torch
from torch import nn


class KeepTopK(torch.autograd.Function):
    """Keeps the k largest activations of each row, zeroes the others, and returns the mask."""

    @staticmethod
    def forward(ctx, h, k):
        mask = torch.zeros_like(h).scatter_(1, h.topk(k, dim=1).indices, 1.0)
        ctx.mark_non_differentiable(mask)  # no gradient flows through the mask
        ctx.save_for_backward(mask)
        return h * mask, mask

    @staticmethod
    def backward(ctx, grad_h, grad_mask):
        (mask,) = ctx.saved_tensors
        return grad_h * mask, None


torch.manual_seed(0)
encoder = nn.Linear(3, 4)
sparse, mask = KeepTopK.apply(encoder(torch.randn(2, 3)), 2)
print("mask.requires_grad:", mask.requires_grad, "| sparse.requires_grad:", sparse.requires_grad)
active_units = mask.numpy()
print(active_units)
sparse.sum().backward()
print("encoder.bias.grad:", encoder.bias.grad)  # per unit: in how many rows it was kept

# The reference: the same layer and input drawn again from the seed, multiplied by the
# mask as a constant, without the Function.
torch.manual_seed(0)
plain = nn.Linear(3, 4)
plain_sum = (plain(torch.randn(2, 3)) * mask).sum()
expected = torch.autograd.grad(plain_sum, [plain.weight, plain.bias])
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(encoder.parameters(), expected))
print("same gradients as multiplying by the mask:", same)

# raises: RuntimeError
# fixed-by: function/topk_mask_non_differentiable
# cause: a custom Function returns a float mask next to its result, and the mask is passed to NumPy for logging
import torch
from torch import nn


class KeepTopK(torch.autograd.Function):
    """Keeps the k largest activations of each row, zeroes the others, and returns the mask."""

    @staticmethod
    def forward(ctx, h, k):
        mask = torch.zeros_like(h).scatter_(1, h.topk(k, dim=1).indices, 1.0)
        ctx.save_for_backward(mask)
        return h * mask, mask

    @staticmethod
    def backward(ctx, grad_h, grad_mask):
        (mask,) = ctx.saved_tensors
        return grad_h * mask, None


torch.manual_seed(0)
encoder = nn.Linear(3, 4)
sparse, mask = KeepTopK.apply(encoder(torch.randn(2, 3)), 2)
print("mask.requires_grad:", mask.requires_grad)
active_units = mask.numpy()  # for a log or a plot

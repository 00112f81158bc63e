# reference: same gradients as plain autograd on the same formula
import math

import torch
from torch import nn


class HaarStep(torch.autograd.Function):
    """One level of the Haar wavelet transform: scaled sums and differences of neighbouring pairs."""

    @staticmethod
    def forward(ctx, signal):
        even, odd = signal[..., 0::2], signal[..., 1::2]
        return (even + odd) / math.sqrt(2), (even - odd) / math.sqrt(2)

    @staticmethod
    def backward(ctx, grad_approx, grad_detail):
        # an even element enters both outputs with +1/sqrt(2), an odd one the first with
        # +1/sqrt(2) and the second with -1/sqrt(2); each goes back to its own place
        grad_even = (grad_approx + grad_detail) / math.sqrt(2)
        grad_odd = (grad_approx - grad_detail) / math.sqrt(2)
        return torch.stack((grad_even, grad_odd), dim=-1).flatten(-2)


torch.manual_seed(0)
encoder = nn.Linear(8, 8)
approx, detail = HaarStep.apply(encoder(torch.randn(4, 8)))
loss = detail.abs().mean()  # a sparsity penalty on the details
loss.backward()
print(f"loss {loss.item():.4f}, encoder.weight.grad norm {encoder.weight.grad.norm():.4f}")

# The reference: the same layer and input drawn again from the seed, and the same formula
# written with tensor operations, which autograd differentiates by itself.
torch.manual_seed(0)
plain = nn.Linear(8, 8)
signal = plain(torch.randn(4, 8))
plain_loss = ((signal[..., 0::2] - signal[..., 1::2]) / math.sqrt(2)).abs().mean()
expected = torch.autograd.grad(plain_loss, list(plain.parameters()))
got = [p.grad for p in encoder.parameters()]
same = all(g is not None and torch.allclose(g, e) for g, e in zip(got, expected))
print("same gradients as plain autograd on the same formula:", same)

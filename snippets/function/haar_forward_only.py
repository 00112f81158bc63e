# raises: NotImplementedError
# fixed-by: function/haar_with_backward
# cause: a Function written with forward alone, as for a transform or kernel whose authors only needed its values, sits between the parameters and the loss, so backward() reaches a node that has no formula
import math

import torch
from torch import nn


class HaarStep(torch.autograd.Function):
    """One level of the Haar wavelet transform: scaled sums and differences of neighbouring pairs."""

    @staticmethod
    def forward(ctx, signal):
        even, odd = signal[..., 0::2], signal[..., 1::2]
        return (even + odd) / math.sqrt(2), (even - odd) / math.sqrt(2)


torch.manual_seed(0)
encoder = nn.Linear(8, 8)
approx, detail = HaarStep.apply(encoder(torch.randn(4, 8)))
loss = detail.abs().mean()  # a sparsity penalty on the details
loss.backward()

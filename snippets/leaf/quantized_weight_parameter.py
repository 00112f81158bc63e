# raises: RuntimeError
# fixed-by: leaf/quantized_weight_buffer
# cause: a quantized layer keeps its int8 weights in an nn.Parameter, which requires grad by default
import torch
from torch import nn


class Int8Linear(nn.Module):
    """A linear layer stored as int8 values and one float scale per output row."""

    def __init__(self, linear: nn.Linear):
        super().__init__()
        scale = linear.weight.detach().abs().amax(dim=1, keepdim=True) / 127
        self.scale = nn.Parameter(scale, requires_grad=False)
        self.weight = nn.Parameter(torch.round(linear.weight.detach() / scale).to(torch.int8))

    def forward(self, x):
        return x @ (self.weight.float() * self.scale).t()


torch.manual_seed(0)
layer = Int8Linear(nn.Linear(4, 2))

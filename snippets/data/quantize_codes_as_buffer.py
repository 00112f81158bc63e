# reference: same output and bias gradient as the dequantized weights by hand
import torch
from torch import nn


class QuantLinear(nn.Module):
    """A linear layer that keeps int8 codes and their scale as buffers, not as a parameter."""

    def __init__(self, layer):
        super().__init__()
        with torch.no_grad():
            scale = layer.weight.abs().max() / 127
            self.register_buffer("codes", torch.round(layer.weight / scale).to(torch.int8))
            self.register_buffer("scale", scale)
        self.bias = layer.bias  # still a parameter, still trained

    def forward(self, x):
        weight = self.codes.float() * self.scale  # dequantize for the product
        return nn.functional.linear(x, weight, self.bias)


torch.manual_seed(0)
layer = nn.Linear(4, 3)
qlayer = QuantLinear(layer)
x = torch.randn(2, 4)
out = qlayer(x)
out.sum().backward()
print("codes:", qlayer.codes.dtype, "| parameters:", [name for name, _ in qlayer.named_parameters()])

# The reference: the dequantized weights written out by hand, and the bias gradient of a sum
# of outputs, which is the number of rows of x for every output.
with torch.no_grad():
    scale = layer.weight.abs().max() / 127
    expected = x @ (torch.round(layer.weight / scale) * scale).T + layer.bias
same = torch.allclose(out, expected) and torch.allclose(qlayer.bias.grad, torch.full((3,), 2.0))
print("same output and bias gradient as the dequantized weights by hand:", same)

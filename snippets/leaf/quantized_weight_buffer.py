import torch
from torch import nn


class Int8Linear(nn.Module):
    """A linear layer stored as int8 values and one float scale per output row."""

    def __init__(self, linear: nn.Linear):
        super().__init__()
        scale = linear.weight.detach().abs().amax(dim=1, keepdim=True) / 127
        self.register_buffer("scale", scale)
        # integers cannot require grad: a buffer (or nn.Parameter(..., requires_grad=False))
        self.register_buffer("weight", torch.round(linear.weight.detach() / scale).to(torch.int8))

    def forward(self, x):
        return x @ (self.weight.float() * self.scale).t()


torch.manual_seed(0)
dense = nn.Linear(4, 2, bias=False)
layer = Int8Linear(dense)
x = torch.randn(3, 4)
print("weight:", layer.weight.dtype, "| requires_grad:", layer.weight.requires_grad)
print("largest difference from the float layer:", round((layer(x) - dense(x)).abs().max().item(), 2))

# fixed-by: function/grad_layout_zeros_like
# cause: gradients created by hand with torch.zeros(p.shape), which is row-major, for a model converted to channels_last, then accumulated into by backward
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Conv2d(3, 8, kernel_size=3).to(memory_format=torch.channels_last)
for p in model.parameters():  # gradients made up front, to add every micro-batch's into
    p.grad = torch.zeros(p.shape)

images = torch.randn(4, 3, 8, 8).to(memory_format=torch.channels_last)
for chunk in images.chunk(2):
    model(chunk).pow(2).mean().backward()
print("weight strides:", model.weight.stride())
print("grad strides:  ", model.weight.grad.stride())

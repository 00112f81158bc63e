import torch
import torch.nn.functional as F

weight = torch.nn.Parameter(torch.randn(8, 4, 3, 3))  # a tensor wrapped as a parameter
conv = torch.nn.Conv2d(4, 8, 3, stride=2, padding=1)  # the module makes its own
inputs = torch.randn(1, 4, 5, 5)

out = F.conv2d(inputs, weight, stride=2, padding=1)
print("functional:", tuple(out.shape), "| module:", tuple(conv(inputs).shape))
print("conv.weight is a Parameter:", isinstance(conv.weight, torch.nn.Parameter))
print("weight: is_leaf", weight.is_leaf, "| requires_grad", weight.requires_grad)

out.sum().backward()
print("weight.grad shape:", tuple(weight.grad.shape))

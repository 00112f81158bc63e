import torch
import torch.nn.functional as F

inputs = torch.randn(1, 4, 5, 5)
weight = torch.nn.Parameter(torch.randn(8, 4, 3, 3))  # a bare Parameter
conv = torch.nn.Conv2d(4, 8, 3, stride=2, padding=1)  # a module holding Parameters

out_f = F.conv2d(inputs, weight, stride=2, padding=1)
out_m = conv(inputs)
print("functional:", tuple(out_f.shape), out_f.grad_fn.name())
print("module:    ", tuple(out_m.shape), out_m.grad_fn.name())

with torch.no_grad():
    out_m = conv(inputs)
print("module under no_grad:", out_m.requires_grad, out_m.grad_fn)

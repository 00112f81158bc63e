# graph: out
import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = a.sigmoid()
out.data.zero_()  # invisible to autograd
print("out:", out)
out.sum().backward()  # no error ...
print("a.grad (wrong):", a.grad)  # ... but computed from the zeroed values

s = torch.tensor([1.0, 2.0, 3.0]).sigmoid()
print("right gradient:", s * (1 - s))

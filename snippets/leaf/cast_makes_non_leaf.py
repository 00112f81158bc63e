# fixed-by: leaf/retain_grad
import torch

w = torch.ones(3, requires_grad=True).double()  # a cast of a leaf: recorded as an op
v = torch.ones(3, dtype=torch.float64, requires_grad=True)  # created with the dtype

print("w.is_leaf:", w.is_leaf, "| w.grad_fn:", w.grad_fn)
print("v.is_leaf:", v.is_leaf, "| v.grad_fn:", v.grad_fn)

w.sum().backward()
print("w.grad:", w.grad)  # the float32 tensor got the gradient, and it is out of reach

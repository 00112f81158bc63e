# fixed-by: leaf/dtype_at_creation_fixed
# cause: a weight created with requires_grad=True, then cast with .double() or .to(dtype)
import torch

w = torch.ones(3, requires_grad=True).double()  # a cast of a leaf: recorded as an op
v = torch.ones(3, requires_grad=True).to(torch.float64)  # the same cast, spelled with .to

print("w.is_leaf:", w.is_leaf, "| w.grad_fn:", w.grad_fn.name())
print("v.is_leaf:", v.is_leaf, "| v.grad_fn:", v.grad_fn.name())

(w + v).sum().backward()
print("w.grad:", w.grad)  # the float32 tensor got the gradient, and it is out of reach

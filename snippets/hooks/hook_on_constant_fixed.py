# reference: same gradient as the closed form
import torch

x = torch.tensor([1.0, 2.0])
x.requires_grad_()  # or torch.tensor(..., requires_grad=True) when creating it
print("x.requires_grad:", x.requires_grad)
x.register_hook(lambda grad: print("hook sees:", grad))
(x * 3).sum().backward()
print("x.grad:", x.grad)

# The reference: the closed form, d(3x)/dx = 3 for every entry.
print("same gradient as the closed form:", torch.equal(x.grad, torch.full_like(x, 3.0)))

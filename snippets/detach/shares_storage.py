import torch

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([2.0, 3.0], requires_grad=True)
s = a + b
d = s.detach()
print("s:", s, "| d:", d)
print("d: requires_grad", d.requires_grad, "| is_leaf", d.is_leaf, "| grad_fn", d.grad_fn)
print("same storage:", d.data_ptr() == s.data_ptr())

d.add_(10)  # edit through the detached tensor ...
print("after d.add_(10): s =", s)  # ... and the original sees it
s.mul_(2)  # edit through the original ...
print("after s.mul_(2):  d =", d)  # ... and the detached tensor sees it

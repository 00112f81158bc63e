import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 2

d = h.detach()  # a new tensor object; h itself is not changed
print("d is h:", d is h)
print("h: is_leaf", h.is_leaf, "| requires_grad", h.requires_grad)
print("d: is_leaf", d.is_leaf, "| requires_grad", d.requires_grad)

h = h.detach()  # to detach "h", rebind the name to the result
print("after h = h.detach(): is_leaf", h.is_leaf, "| requires_grad", h.requires_grad)

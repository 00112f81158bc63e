import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
h = x * 2
first_two = h[:2].detach()  # a view: use the out-of-place detach() and keep the result
print("first_two: is_leaf", first_two.is_leaf, "| requires_grad", first_two.requires_grad)

h.detach_()  # h itself is not a view, so the in-place form works on it
print("h:         is_leaf", h.is_leaf, "| requires_grad", h.requires_grad)

# raises: ValueError
# fixed-by: leaf/scaled_init_fixed
# cause: weights initialised as torch.randn(..., requires_grad=True) * 0.01, given to an optimizer
import torch

w = torch.randn(3, 1, requires_grad=True) * 0.01  # not a leaf: the result of a multiplication
b = torch.zeros(1, requires_grad=True)
opt = torch.optim.SGD([w, b], lr=0.1)

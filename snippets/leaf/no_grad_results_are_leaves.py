import torch

a = torch.ones(3)  # requires_grad=False
b = a * 2 + 1  # computed, but nothing here requires grad

print("b.requires_grad:", b.requires_grad)
print("b.is_leaf:", b.is_leaf, "| b.grad_fn:", b.grad_fn)

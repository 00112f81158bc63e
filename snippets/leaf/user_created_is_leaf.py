import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)  # made by you: a leaf
y = w * 2  # made by an op on a tensor that requires grad: not a leaf

print("w.is_leaf:", w.is_leaf, "| w.grad_fn:", w.grad_fn)
print("y.is_leaf:", y.is_leaf, "| y.grad_fn:", y.grad_fn)

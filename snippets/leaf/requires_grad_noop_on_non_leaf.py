# fixed-by: leaf/scaled_init_fixed
# cause: requires_grad_() called on a scaled weight to make it trainable
import torch

torch.manual_seed(0)
w = torch.randn(3, requires_grad=True) * 0.01
w.requires_grad_()  # accepted without a word, and changes nothing: w is still not a leaf
print("w.is_leaf:", w.is_leaf, "| w.grad_fn:", w.grad_fn.name())

(w**2).sum().backward()
print("w.grad:", w.grad)

# reference: same gradient as the closed form
import torch

device = "cpu"  # or "cuda": the factory puts the tensor there directly
w = torch.ones(3, dtype=torch.float64, device=device, requires_grad=True)

print("w.is_leaf:", w.is_leaf, "| w.grad_fn:", w.grad_fn, "| w.dtype:", w.dtype)
w.sum().backward()
print("w.grad:", w.grad)

# The reference: the gradient of a sum is one for every element, in the tensor's own dtype.
expected = torch.ones(3, dtype=torch.float64, device=device)
print("same gradient as the closed form:", w.grad is not None and torch.equal(w.grad, expected))

# reference: same as the closed form
import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
out = a * a  # b plays no part in out
grad_a, grad_b = torch.autograd.grad(out, [a, b], allow_unused=True)
print("grad_a:", grad_a)
print("grad_b:", grad_b)
print("a.grad:", a.grad)  # grad() returns the gradients; it does not store them

# The reference: the closed form, d(a * a)/da = 2a, and nothing for b.
same = grad_a is not None and torch.equal(grad_a, 2 * a.detach()) and grad_b is None
print("same as the closed form:", same)

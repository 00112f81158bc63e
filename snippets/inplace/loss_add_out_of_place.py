# reference: same gradient as the closed form
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
target = torch.tensor([0.5, 0.5])
loss = (w - target).norm()
loss = loss + 0.1 * (w**2).sum()  # a new tensor; the norm's result is untouched
loss.backward()
print("w.grad:", w.grad)

# The reference: the closed form, (w - target) / |w - target| + 0.2 * w.
d = w.detach() - target
print("same gradient as the closed form:", torch.allclose(w.grad, d / d.norm() + 0.2 * w.detach()))

# reference: same gradient as the closed form
import torch

w = torch.tensor([0.5, -1.0], requires_grad=True)  # the weight is what backward differentiates
x = torch.tensor([3.0, 4.0])  # data needs no gradient
loss = ((w * x).sum() - 1.0) ** 2
loss.backward()
print("loss.grad_fn:", loss.grad_fn.name(), "| w.grad:", w.grad)

# The reference: d/dw (w·x - 1)**2 = 2 (w·x - 1) x, written out by hand.
expected = 2 * ((w.detach() * x).sum() - 1.0) * x
print("same gradient as the closed form:", torch.allclose(w.grad, expected))

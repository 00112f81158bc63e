# reference: same gradient as the closed form
import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = a.sigmoid()
c = out.detach().clone()  # a copy of its own: editing it leaves out alone
c.zero_()
print("c:", c, "| out:", out)

out.sum().backward()
print("a.grad:", a.grad)

# The reference: the closed form of the sigmoid's derivative, s * (1 - s).
s = torch.sigmoid(a.detach())
print("same gradient as the closed form:", torch.allclose(a.grad, s * (1 - s)))

# reference: same gradient as without the edit
# graph: z, c
import torch

x = torch.tensor(3.0, requires_grad=True)
y = x + 1
z = y**2
c = y.detach().clone()  # a copy with its own storage and its own counter
c.zero_()
print("c:", c.item(), "| y:", y.item(), "| y._version:", y._version)
z.backward()
print("x.grad:", x.grad.item(), "(2 * (x + 1) = 8)")

# The reference: the same function with no copy and no edit, in a fresh forward.
(expected,) = torch.autograd.grad((x + 1) ** 2, x)
print("same gradient as without the edit:", torch.equal(x.grad, expected))

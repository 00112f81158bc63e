# reference: same gradient as the closed form
import torch

x = torch.tensor([1.0, 1.0, 1.0], requires_grad=True)
y = torch.tensor([2.0, 4.0, 6.0], requires_grad=True).view(-1, 1)
z = torch.matmul(x, y)
doubled = y.detach().clone().mul_(2)  # edit a copy, not the saved y
print("doubled:", doubled.flatten(), "| y:", y.flatten())
z.backward()
print("x.grad:", x.grad)  # the original y values

# The reference: the closed form, d(x @ y)/dx = y, with the values y was made with.
print("same gradient as the closed form:", torch.equal(x.grad, torch.tensor([2.0, 4.0, 6.0])))

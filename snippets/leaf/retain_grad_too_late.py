import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
(y**2).sum().backward()
y.retain_grad()  # too late: the backward pass has already run

print("y.grad:", y.grad)

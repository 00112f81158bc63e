import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)  # ask for gradients at creation
loss = (x**2).sum()
loss.backward()
print("x.grad:", x.grad)

import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
target = torch.tensor([0.5, 0.5])
loss = (w - target).norm()
loss = loss + 0.1 * (w**2).sum()  # a new tensor; the norm's result is untouched
loss.backward()
print("w.grad:", w.grad)

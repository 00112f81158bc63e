import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
loss = (x * (1 + 2j)).sum()  # a complex scalar: 3 + 6j
try:
    loss.backward()
    print("backward() ran; x.grad:", x.grad)
except RuntimeError as error:
    print("backward() refused:", error)

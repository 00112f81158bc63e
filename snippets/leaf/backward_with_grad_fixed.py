import torch

w = torch.tensor([0.5, -1.0], requires_grad=True)  # the weight is what backward differentiates
x = torch.tensor([3.0, 4.0])  # data needs no gradient
loss = ((w * x).sum() - 1.0) ** 2
loss.backward()
print("loss.grad_fn:", loss.grad_fn.name(), "| w.grad:", w.grad)

import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3


def clip_at_5(grad):
    return grad.clamp(max=5.0)  # a returned tensor replaces the gradient


y.register_hook(clip_at_5)
(y**2).sum().backward()  # dloss/dy is [6, 12] before the hook

print("x.grad:", x.grad)  # [5, 5] * 3

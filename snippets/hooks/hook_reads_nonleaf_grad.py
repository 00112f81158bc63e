# graph: loss
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3  # not a leaf, yet it requires grad
print("y.is_leaf:", y.is_leaf, "| y.requires_grad:", y.requires_grad)

seen = {}


def keep_grad_of_y(grad):  # called with dloss/dy during backward
    seen["y"] = grad  # returns None: the gradient goes on unchanged


y.register_hook(keep_grad_of_y)
loss = (y**2).sum()
loss.backward()

print("gradient of y, from the hook:", seen["y"])  # 2*y
print("x.grad:", x.grad)

# graph: loss
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3  # not a leaf, yet it requires grad
print("y.is_leaf:", y.is_leaf, "| y.requires_grad:", y.requires_grad)

seen = {}
y.register_hook(lambda grad: seen.update(y=grad))  # called with dloss/dy
loss = (y**2).sum()
loss.backward()

print("gradient of y, from the hook:", seen["y"])  # 2*y
print("x.grad:", x.grad)

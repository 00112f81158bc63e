# graph: c
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
c = x.clone()

print("c.requires_grad:", c.requires_grad, "| is_leaf:", c.is_leaf)
print("c.grad_fn:", c.grad_fn.name())
(c * 10).sum().backward()  # the loss only mentions the clone...
print("x.grad:", x.grad)  # ...and the gradient reaches x through CloneBackward0

# graph: y
# reference: same gradients as the closed form
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
y.retain_grad()  # must come before backward
x.retain_grad()  # on a leaf that requires grad this is a no-op: it keeps its gradient anyway
(y**2).sum().backward()

print("y.grad:", y.grad)  # d(sum y^2)/dy = 2y
print("x.grad:", x.grad)  # 2y * 3
print("y.retains_grad:", y.retains_grad, "| x.retains_grad:", x.retains_grad)

# The reference: sum((3x)**2) by hand, 2y for y and 2 * 3x * 3 = 18x for x.
same = torch.allclose(y.grad, 2 * y.detach()) and torch.allclose(x.grad, 18 * x.detach())
print("same gradients as the closed form:", same)

# fixed-by: leaf/retain_grad
# cause: .grad read on an intermediate result instead of on a leaf
# graph: loss, y
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
loss = (y**2).sum()
loss.backward()

print("x.grad:", x.grad)
print("y.grad:", y.grad)

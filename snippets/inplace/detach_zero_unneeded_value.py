import torch

x = torch.tensor(3.0, requires_grad=True)
y1 = x + 1
y2 = x**2  # PowBackward0 saves x, not its output y2
z = 3 * y1 + 4 * y2  # dz/dy2 = 4: a constant, y2 itself is not saved
y2.detach().zero_()
print("y2:", y2.item(), "| y2._version:", y2._version, "| z:", z.item())
z.backward()
print("x.grad:", x.grad.item())
print("3 + 8*x:", 3 + 8 * x.item())

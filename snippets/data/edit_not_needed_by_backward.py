import torch

x = torch.tensor(1.0, requires_grad=True)
y = x**2  # pow saves its input x, not its output y
y.detach().zero_()
print("y:", y)
y.backward()
print("x.grad:", x.grad)  # 2 * x = 2, correct

p = torch.tensor([1.0, 1.0, 1.0], requires_grad=True)
q = torch.tensor([2.0, 4.0, 6.0], requires_grad=True)
z = p + q  # addition saves neither input
q.detach().mul_(2)
z.sum().backward()
print("q:", q, "| p.grad:", p.grad)

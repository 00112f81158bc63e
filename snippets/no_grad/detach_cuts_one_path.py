import torch

x = torch.tensor(3.0, requires_grad=True)

y = x.detach() * x  # only the first factor is cut off
print("y.requires_grad:", y.requires_grad, "| grad_fn:", y.grad_fn.name())
y.backward()
print("x.grad:", x.grad, "(d(x*x)/dx would be 6)")

with torch.no_grad():
    y = x * x  # the whole expression is unrecorded
print("under no_grad: y.requires_grad:", y.requires_grad)

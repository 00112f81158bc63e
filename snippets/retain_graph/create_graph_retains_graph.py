import torch

x = torch.tensor(2.0, requires_grad=True)
y = x**3  # PowBackward0 saves x
# retain_graph is not given, so it takes the value of create_graph
(dy_dx,) = torch.autograd.grad(y, x, create_graph=True)
print(f"dy/dx: {dy_dx.item()}, dy_dx.requires_grad {dy_dx.requires_grad}")
y.backward()  # walks the same graph again, which only works because it was kept
print("x.grad after y.backward():", x.grad)

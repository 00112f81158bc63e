import torch

x = torch.tensor(2.0, requires_grad=True)
y = x**3  # PowBackward0 saves x
(dy_dx,) = torch.autograd.grad(y, x, create_graph=True)  # retain_graph not given: it follows create_graph
print(f"dy/dx: {dy_dx.item()}, dy_dx.requires_grad {dy_dx.requires_grad}")
y.backward()  # walks the same graph again, which only works because it was kept
print("x.grad after y.backward():", x.grad)

import torch

x = torch.tensor(3.0, requires_grad=True)
loss = x * x  # both factors carry gradient: d(x*x)/dx = 2x
loss.backward()
print("x * x          -> loss", loss.item(), "| x.grad", x.grad)

x.grad = None
loss = x * x.detach()  # the detached factor is a constant: d/dx = x
loss.backward()
print("x * x.detach() -> loss", loss.item(), "| x.grad", x.grad)

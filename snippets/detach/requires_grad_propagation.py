import torch

x = torch.ones(1)
y = torch.ones(1)
z = x + y  # no input requires grad: not recorded
print("z.requires_grad:", z.requires_grad)

w = torch.ones(1, requires_grad=True)
total = w + z  # one input requires grad: recorded
print("total.requires_grad:", total.requires_grad, "| grad_fn:", type(total.grad_fn).__name__)

total.backward()
print("w.grad:", w.grad)
print("x.grad, y.grad, z.grad:", x.grad, y.grad, z.grad)

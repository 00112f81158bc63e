import torch

x = torch.ones(1)  # requires_grad=False, the default
y = torch.ones(1)
z = x + y  # no input requires grad: nothing is recorded
print("z.requires_grad:", z.requires_grad)

w = torch.ones(1, requires_grad=True)
total = w + z  # one input that requires grad is enough
print("total.requires_grad:", total.requires_grad, "| grad_fn:", total.grad_fn.name())

total.backward()
print("w.grad:", w.grad)
print("x.grad, y.grad, z.grad:", x.grad, y.grad, z.grad)

import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x**2
print("PowBackward0 saved:", y.grad_fn._saved_self)  # the input x, not y
y[0] = 0.0  # in-place on the output: y._version becomes 1
y.sum().backward()
print("x.grad:", x.grad)  # 2*x, except element 0, which no longer depends on x

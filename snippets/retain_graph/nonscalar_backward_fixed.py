import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)

(x**2).sum().backward()  # reduce to a scalar first
print("(x**2).sum().backward():        ", x.grad)

x.grad = None
y = x**2
y.backward(gradient=torch.ones_like(y))  # or give one weight per element of y
print("y.backward(gradient=ones):      ", x.grad)

x.grad = None
y = x**2
y.backward(gradient=torch.tensor([1.0, 0.0, 0.5]))  # other weights, other result
print("y.backward(gradient=[1, 0, .5]):", x.grad)

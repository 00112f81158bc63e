# reference: same gradient as 2x times the weights by hand
import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
y = x**2
weights = torch.tensor([1.0, 0.0, 0.5])  # one weight per column, shape (3,)
gradient = weights.expand_as(y)  # repeat it for every row: exactly y's shape
print("gradient.shape:", gradient.shape)
y.backward(gradient=gradient)
print("x.grad:", x.grad)  # 2x times the weight of its column

# The reference: the derivative of x**2 by hand, 2x, times each element's weight.
same = x.grad is not None and torch.allclose(x.grad, 2 * x.detach() * weights)
print("same gradient as 2x times the weights by hand:", same)

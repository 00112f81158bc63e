# reference: same gradients as 2x times the weights by hand
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)

(x**2).sum().backward()  # reduce to a scalar first
print("(x**2).sum().backward():        ", x.grad)
summed = x.grad

x.grad = None
y = x**2
y.backward(gradient=torch.ones_like(y))  # or give one weight per element of y
print("y.backward(gradient=ones):      ", x.grad)
weighted_ones = x.grad

x.grad = None
y = x**2
y.backward(gradient=torch.tensor([1.0, 0.0, 0.5]))  # other weights, other result
print("y.backward(gradient=[1, 0, .5]):", x.grad)
weighted_other = x.grad

# The reference: the derivative of x**2 by hand, 2x, times each element's weight (all 1
# for the sum).
expected = [2 * x.detach(), 2 * x.detach(), 2 * x.detach() * torch.tensor([1.0, 0.0, 0.5])]
grads = [summed, weighted_ones, weighted_other]
same = all(g is not None and torch.allclose(g, e) for g, e in zip(grads, expected))
print("same gradients as 2x times the weights by hand:", same)

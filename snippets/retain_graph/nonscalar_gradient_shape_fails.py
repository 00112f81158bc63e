# raises: RuntimeError
# fixed-by: retain_graph/nonscalar_gradient_shape_fixed
# cause: gradient= given a tensor that broadcasts to the output's shape but does not have it
import torch

x = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], requires_grad=True)
y = x**2
print("y.shape:", y.shape)
weights = torch.tensor([1.0, 0.0, 0.5])  # one weight per column, shape (3,)
y.backward(gradient=weights)  # broadcastable to (2, 3), but not the same shape

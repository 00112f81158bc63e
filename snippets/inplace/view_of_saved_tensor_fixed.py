# reference: same gradient as the closed form
import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = x * 2
row = y[0]
loss = (row**2).sum()
y = y * 10  # out of place: a new tensor; row and the old y are untouched
loss.backward()
print("x.grad:", x.grad)  # 8 * x in row 0, nothing in row 1

# The reference: the closed form of the loss (2 * x[0])**2 summed: 8 * x in row 0, 0 in row 1.
expected = torch.zeros(2, 2)
expected[0] = 8 * x.detach()[0]
print("same gradient as the closed form:", torch.allclose(x.grad, expected))

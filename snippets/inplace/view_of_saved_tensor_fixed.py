import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = x * 2
row = y[0]
loss = (row**2).sum()
y = y * 10  # out of place: a new tensor; row and the old y are untouched
loss.backward()
print("x.grad:", x.grad)  # 8 * x in row 0, nothing in row 1

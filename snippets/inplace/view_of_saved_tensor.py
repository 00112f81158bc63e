# raises: RuntimeError
# fixed-by: inplace/view_of_saved_tensor_fixed
# cause: a tensor is edited in place after a view of it was saved for backward
import torch

x = torch.tensor([[1.0, 2.0], [3.0, 4.0]], requires_grad=True)
y = x * 2
row = y[0]  # a view of y
print("row.grad_fn before:", row.grad_fn.name())
loss = (row**2).sum()  # PowBackward0 saves row
y.mul_(10)  # edits y, and so the row that shares its memory
print("row.grad_fn after: ", row.grad_fn.name())
loss.backward()

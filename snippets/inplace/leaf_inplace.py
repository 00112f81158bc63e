# raises: RuntimeError
# fixed-by: inplace/leaf_update_no_grad
# cause: a hand-written gradient descent step updates a weight in place outside torch.no_grad()
import torch

torch.manual_seed(0)
x = torch.randn(8, 3)
y = x @ torch.tensor([1.0, -2.0, 0.5])
w = torch.zeros(3, requires_grad=True)

loss = ((x @ w - y) ** 2).mean()
loss.backward()
w -= 0.1 * w.grad  # in place on a leaf that requires grad, with grad mode on

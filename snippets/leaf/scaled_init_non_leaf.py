# raises: TypeError
# fixed-by: leaf/scaled_init_fixed
# cause: a weight initialised as torch.randn(..., requires_grad=True) * 0.01, updated by hand
import torch

torch.manual_seed(0)
x = torch.randn(8, 3)
y = x @ torch.tensor([[1.0], [-2.0], [0.5]])

w = torch.randn(3, 1, requires_grad=True) * 0.01  # small initial values, but w is not a leaf
lr = 0.1
loss = ((x @ w - y) ** 2).mean()
loss.backward()
print("w.is_leaf:", w.is_leaf)
with torch.no_grad():
    w -= lr * w.grad  # the gradient went to the unnamed leaf before "* 0.01"

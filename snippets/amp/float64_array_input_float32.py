# reference: same gradients as the derivative by hand
import numpy as np
import torch
from torch import nn

rng = np.random.default_rng(0)
table = rng.normal(size=(8, 5))  # float64: the default of NumPy, and of pandas' .values
labels = rng.normal(size=(8, 1))
torch.manual_seed(0)
model = nn.Linear(5, 1)

x, y = torch.from_numpy(table).float(), torch.from_numpy(labels).float()  # the weights' dtype
print("x:", x.dtype, "| weight:", model.weight.dtype)
loss = nn.functional.mse_loss(model(x), y)
loss.backward()

# The reference: the derivative of mean((x W^T + b - y)**2) written out.
with torch.no_grad():
    d_out = 2 * (model(x) - y) / len(y)
    expected = [d_out.T @ x, d_out.sum(0)]
params = [model.weight, model.bias]
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(params, expected))
print("same gradients as the derivative by hand:", same)

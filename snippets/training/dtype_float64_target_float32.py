# reference: same gradients as the derivative by hand
import numpy as np
import torch
from torch import nn

rng = np.random.default_rng(0)
features = rng.normal(size=(8, 3)).astype(np.float32)  # the inputs were converted
targets = rng.normal(size=(8, 1))  # the targets were not: NumPy's default float64
torch.manual_seed(0)
model = nn.Linear(3, 1)
criterion = nn.HuberLoss()

x, y = torch.from_numpy(features), torch.from_numpy(targets).float()  # the prediction's dtype
prediction = model(x)
print("prediction:", prediction.dtype, "| target:", y.dtype)
loss = criterion(prediction, y)
loss.backward()

# The reference: the derivative of the mean Huber loss (delta 1) written out: the error
# clamped to [-1, 1], divided by the number of elements, then through the linear layer.
with torch.no_grad():
    d_out = (model(x) - y).clamp(-1, 1) / y.numel()
    expected = [d_out.T @ x, d_out.sum(0)]
params = [model.weight, model.bias]
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(params, expected))
print("same gradients as the derivative by hand:", same)

import numpy as np
import torch


def r2_score(y_true, y_pred):
    y_true, y_pred = np.asarray(y_true), np.asarray(y_pred)
    residual = ((y_true - y_pred) ** 2).sum()
    total = ((y_true - y_true.mean()) ** 2).sum()
    return 1 - residual / total


torch.manual_seed(0)
model = torch.nn.Linear(3, 1)
x = torch.randn(32, 3)
y = x @ torch.tensor([[1.0], [2.0], [-1.0]])

pred = model(x)
print(f"R² {r2_score(y, pred.detach()):.3f}")  # hand over the values only
print(f"R² {r2_score(y, pred.numpy(force=True)):.3f}")  # detach (and copy to the CPU) in one call

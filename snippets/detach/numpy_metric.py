# raises: RuntimeError
# fixed-by: detach/numpy_metric_fixed
# cause: model outputs passed to a NumPy metric (an R² score written like scikit-learn's)
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

pred = model(x)  # in the training loop, where autograd records everything
print(f"R² {r2_score(y, pred):.3f}")

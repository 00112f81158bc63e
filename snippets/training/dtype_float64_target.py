# raises: RuntimeError
# fixed-by: training/dtype_float64_target_float32
# cause: the regression targets come from a NumPy array and stay float64 while the model predicts float32; the loss's backward cannot write its float64 gradient into the float32 prediction
import numpy as np
import torch
from torch import nn

rng = np.random.default_rng(0)
features = rng.normal(size=(8, 3)).astype(np.float32)  # the inputs were converted
targets = rng.normal(size=(8, 1))  # the targets were not: NumPy's default float64
torch.manual_seed(0)
model = nn.Linear(3, 1)
criterion = nn.HuberLoss()

x, y = torch.from_numpy(features), torch.from_numpy(targets)
prediction = model(x)
print("prediction:", prediction.dtype, "| target:", y.dtype)
loss = criterion(prediction, y)  # the forward pass accepts the pair
loss.backward()

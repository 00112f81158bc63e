# raises: RuntimeError
# fixed-by: amp/float64_array_input_float32
# cause: the batch comes from a NumPy array or a pandas DataFrame through torch.from_numpy and keeps NumPy's float64, while the model's weights are float32
import numpy as np
import torch
from torch import nn

rng = np.random.default_rng(0)
table = rng.normal(size=(8, 5))  # float64: the default of NumPy, and of pandas' .values
labels = rng.normal(size=(8, 1))
torch.manual_seed(0)
model = nn.Linear(5, 1)

x, y = torch.from_numpy(table), torch.from_numpy(labels)  # keeps the array's dtype
print("x:", x.dtype, "| weight:", model.weight.dtype)
loss = nn.functional.mse_loss(model(x), y)
loss.backward()

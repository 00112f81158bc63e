# raises: RuntimeError
# fixed-by: training/dtype_class_weights_float32
# cause: class weights for CrossEntropyLoss computed with NumPy (inverse class frequencies) are float64, while the logits are float32
import numpy as np
import torch
from torch import nn

torch.manual_seed(0)
labels = torch.tensor([0, 0, 0, 1, 2, 0, 1, 0])
counts = np.bincount(labels.numpy(), minlength=3)
class_weights = len(labels) / (3 * counts)  # NumPy divides in float64
model = nn.Linear(4, 3)
x = torch.randn(8, 4)

criterion = nn.CrossEntropyLoss(weight=torch.from_numpy(class_weights))
logits = model(x)
print("logits:", logits.dtype, "| class weights:", criterion.weight.dtype)
loss = criterion(logits, labels)

# reference: same gradients as the weighted loss by hand
import numpy as np
import torch
from torch import nn

torch.manual_seed(0)
labels = torch.tensor([0, 0, 0, 1, 2, 0, 1, 0])
counts = np.bincount(labels.numpy(), minlength=3)
class_weights = len(labels) / (3 * counts)  # NumPy divides in float64
model = nn.Linear(4, 3)
x = torch.randn(8, 4)

criterion = nn.CrossEntropyLoss(weight=torch.tensor(class_weights, dtype=torch.float32))
logits = model(x)
print("logits:", logits.dtype, "| class weights:", criterion.weight.dtype)
loss = criterion(logits, labels)
loss.backward()

# The reference: the weighted cross-entropy written out, each sample's negative log
# probability of its label times its class's weight, divided by the sum of those weights.
w = torch.tensor(class_weights.tolist())[labels]
log_p = torch.log_softmax(model(x), dim=1)[torch.arange(len(labels)), labels]
by_hand = -(w * log_p).sum() / w.sum()
params = [model.weight, model.bias]
expected = torch.autograd.grad(by_hand, params)
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(params, expected))
print("same gradients as the weighted loss by hand:", same)

import torch
from torch import nn

# Regression where missing labels are stored as NaN and left out of the loss with a mask.
torch.manual_seed(0)
model = nn.Linear(3, 1)
x = torch.randn(4, 3)
y = torch.tensor([[0.5], [float("nan")], [1.0], [-0.2]])
labelled = ~y.isnan()

squared_error = (model(x) - y) ** 2  # NaN in the row without a label
loss = torch.where(labelled, squared_error, 0.0).sum() / labelled.sum()
print("loss:", loss.item())
loss.backward()
print("model.weight.grad:", model.weight.grad)

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
x = torch.randn(4, 3)
y = torch.tensor([[0.5], [float("nan")], [1.0], [-0.2]])
labelled = ~y.isnan()

# Replace the missing labels before they meet the model's output, then mask the loss.
y_filled = torch.where(labelled, y, 0.0)
squared_error = (model(x) - y_filled) ** 2
loss = torch.where(labelled, squared_error, 0.0).sum() / labelled.sum()
print("loss:", loss.item())
loss.backward()
print("model.weight.grad:", model.weight.grad)

# reference: same weights as a hand-written loop
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, target = torch.randn(8, 3), torch.randn(8, 1)

best_loss, best_predictions = float("inf"), None
for epoch in range(3):
    predictions = model(x)
    loss = nn.functional.mse_loss(predictions, target)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
    if loss.item() < best_loss:
        best_loss, best_predictions = loss.item(), predictions.detach().clone()

print(f"best loss {best_loss:.4f}, first predictions {best_predictions[:2].flatten()}")
print("best_predictions.requires_grad:", best_predictions.requires_grad)

# The reference: the same three steps written by hand, from the same starting weights, with
# the closed-form gradient of the mean squared error, 2 * (predictions - target) / 8.
torch.manual_seed(0)
start = nn.Linear(3, 1)
w, b = start.weight.detach(), start.bias.detach()
for epoch in range(3):
    error = 2 * (x @ w.T + b - target) / len(x)
    w, b = w - 0.1 * error.T @ x, b - 0.1 * error.sum(0)
print("same weights as a hand-written loop:", torch.allclose(model.weight, w) and torch.allclose(model.bias, b))

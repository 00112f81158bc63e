# reference: same weights as a hand-written loop
import numpy as np
import torch
import torch.nn.functional as F

torch.manual_seed(0)
model = torch.nn.Linear(1, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.2)
x = torch.linspace(-1, 1, 5).unsqueeze(1)
y = 3 * x + 1

fitted_curves, losses = [], []  # plotted after training
for step in range(3):
    pred = model(x)
    loss = F.mse_loss(pred, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    losses.append(loss.item())
    fitted_curves.append(pred.detach().numpy().ravel())  # the values only, outside the graph
print("losses:", np.round(losses, 3))
print("curves:")
print(np.stack(fitted_curves).round(2))
print("last curve, from tolist():", " ".join(f"{v:.2f}" for v in pred.ravel().tolist()))

# The reference: the same three steps written by hand, from the same starting weights, with
# the closed-form gradient of the mean squared error, 2 * (pred - y) / 5.
torch.manual_seed(0)
start = torch.nn.Linear(1, 1)
w, b = start.weight.detach(), start.bias.detach()
for step in range(3):
    error = 2 * (x @ w.T + b - y) / len(x)
    w, b = w - 0.2 * error.T @ x, b - 0.2 * error.sum(0)
print("same weights as a hand-written loop:", torch.allclose(model.weight, w) and torch.allclose(model.bias, b))

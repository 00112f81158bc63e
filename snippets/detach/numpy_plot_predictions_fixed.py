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

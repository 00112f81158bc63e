# raises: RuntimeError
# fixed-by: detach/numpy_plot_predictions_fixed
# cause: predictions turned into a NumPy array for a plot, inside the training loop
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
    losses.append(loss.item())  # a Python float: no graph, no error
    fitted_curves.append(np.asarray(pred).ravel())  # pred is still part of the graph

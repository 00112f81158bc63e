# raises: RuntimeError
# fixed-by: copying/detach_clone_prediction_snapshot
# cause: copy.deepcopy of a model output (to keep the best predictions) computed with gradients enabled
import copy

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
        best_loss, best_predictions = loss.item(), copy.deepcopy(predictions)

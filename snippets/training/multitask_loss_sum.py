# reference: same gradients as the loss written per element
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(6, 3)
x, targets = torch.randn(16, 6), torch.randn(16, 3)
per_task = nn.functional.mse_loss(model(x), targets, reduction="none").mean(0)

weights = torch.tensor([1.0, 0.1, 0.1])  # the main task, then the auxiliary ones
loss = (weights * per_task).sum()  # out of place: per_task is left as it was
loss.backward()
print("per-task losses:", per_task.detach(), "| loss:", round(loss.item(), 4))

# The reference: the same weighted loss written per element, from a fresh forward.
per_element = (model(x) - targets).pow(2) * weights
params = [model.weight, model.bias]
expected = torch.autograd.grad(per_element.mean(0).sum(), params)
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(params, expected))
print("same gradients as the loss written per element:", same)

# raises: RuntimeError
# fixed-by: training/multitask_loss_sum
# cause: per-task losses in one tensor are unpacked into Python names, and `loss +=` adds to one of them
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(6, 3)  # one output per task
x, targets = torch.randn(16, 6), torch.randn(16, 3)
per_task = nn.functional.mse_loss(model(x), targets, reduction="none").mean(0)  # shape [3]

loss, *auxiliary = per_task  # unpacking a tensor iterates over it: unbind
for aux in auxiliary:
    loss += 0.1 * aux  # in place on a view that unbind returned
loss.backward()

# raises: AttributeError
# fixed-by: optim/chained_warmup_as_linear_lr
# cause: a warm-up scheduler written as a class of its own, not an LRScheduler, keeps its optimizer under another name and is chained first in a ChainedScheduler (or in a SequentialLR up to 2.3) or handed to a trainer that checks each scheduler's optimizer; they read its optimizer attribute, which every LRScheduler has
import torch
from torch import nn


class LinearWarmup:
    """Raises each group's learning rate linearly over the first steps, then keeps it."""

    def __init__(self, optimizer, warmup_steps):
        self._optimizer = optimizer
        self.warmup_steps = warmup_steps
        self.base_lrs = [group["lr"] for group in optimizer.param_groups]
        self.step_count = 0
        self.step()

    def step(self):
        self.step_count += 1
        scale = min(1.0, self.step_count / self.warmup_steps)
        for group, base_lr in zip(self._optimizer.param_groups, self.base_lrs):
            group["lr"] = base_lr * scale


model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
warmup = LinearWarmup(optimizer, warmup_steps=4)
print(f"warm-up alone: lr {optimizer.param_groups[0]['lr']:.4f}")
decay = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.9)
scheduler = torch.optim.lr_scheduler.ChainedScheduler([warmup, decay])

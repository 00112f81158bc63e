# raises: AttributeError
# fixed-by: optim/warmup_as_lambda_lr
# cause: a warm-up scheduler written as a class of its own, not an LRScheduler (a hand-written one, or one a library ships), is asked for get_last_lr(), which only LRScheduler's subclasses have
import torch
from torch import nn


class LinearWarmup:
    """Raises each group's learning rate linearly over the first steps, then keeps it."""

    def __init__(self, optimizer, warmup_steps):
        self.optimizer = optimizer
        self.warmup_steps = warmup_steps
        self.base_lrs = [group["lr"] for group in optimizer.param_groups]
        self.step_count = 0
        self.step()

    def step(self):
        self.step_count += 1
        scale = min(1.0, self.step_count / self.warmup_steps)
        for group, base_lr in zip(self.optimizer.param_groups, self.base_lrs):
            group["lr"] = base_lr * scale


model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = LinearWarmup(optimizer, warmup_steps=4)

for step in range(6):
    optimizer.step()  # the batch's training, reduced to its optimizer step
    scheduler.step()
    print(f"step {step}: lr {scheduler.get_last_lr()[0]:.4f}")  # the line a trainer's logger runs

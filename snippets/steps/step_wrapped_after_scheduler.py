# fixed-by: steps/step_wrapped_before_scheduler
# cause: a helper replaces optimizer.step with a wrapper (as apex's amp.initialize did) after the scheduler was created
import types

import torch
from torch import nn


def clip_before_step(optimizer, model, max_norm):
    """Make every optimizer.step() clip the gradients first."""
    step = optimizer.step

    def clipped_step(self, *args, **kwargs):
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm)
        return step(*args, **kwargs)

    optimizer.step = types.MethodType(clipped_step, optimizer)  # a bound method, as the original


torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)
clip_before_step(optimizer, model, max_norm=1.0)  # replaces the step the scheduler wrapped
x, y = torch.randn(8, 4), torch.randn(8, 1)

for epoch in range(2):
    optimizer.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    optimizer.step()
    scheduler.step()
    print(f"epoch {epoch}: lr now {scheduler.get_last_lr()[0]}")

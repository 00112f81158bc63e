# reference: same weights as clipping and SGD by hand
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
clip_before_step(optimizer, model, max_norm=1.0)
# created after the wrapper, the scheduler wraps the step that training calls
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)
x, y = torch.randn(8, 4), torch.randn(8, 1)

for epoch in range(2):
    optimizer.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    optimizer.step()
    scheduler.step()
    print(f"epoch {epoch}: lr now {scheduler.get_last_lr()[0]}")

# The reference: by hand, with no wrapper, optimizer or scheduler: the gradients scaled down
# to a total norm of 1 where it is larger (as clip_grad_norm_ does), then a step at 0.1 * 0.5**epoch.
torch.manual_seed(0)
plain = nn.Linear(4, 1)  # the same initial weights
for epoch in range(2):
    grads = torch.autograd.grad(nn.functional.mse_loss(plain(x), y), list(plain.parameters()))
    norm = torch.cat([g.flatten() for g in grads]).norm()
    with torch.no_grad():
        for p, g in zip(plain.parameters(), grads):
            p -= 0.1 * 0.5**epoch * g * min(1.0, 1.0 / (norm.item() + 1e-6))
same = all(torch.allclose(p, q) for p, q in zip(model.parameters(), plain.parameters()))
print("same weights as clipping and SGD by hand:", same)

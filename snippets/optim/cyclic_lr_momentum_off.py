# reference: learning rates as the triangular formula gives them
import math

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
x, y = torch.randn(16, 4), torch.randn(16, 1)
opt = torch.optim.Adagrad(model.parameters(), lr=0.01)
# Adagrad has no momentum: cycle the learning rate alone
scheduler = torch.optim.lr_scheduler.CyclicLR(opt, base_lr=0.001, max_lr=0.01, step_size_up=4, cycle_momentum=False)

used = []
for _ in range(12):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    used.append(opt.param_groups[0]["lr"])
    opt.step()
    scheduler.step()
print("learning rates:", [round(lr, 4) for lr in used])

# The reference: the triangular policy written out, up from base_lr to max_lr over 4 steps and back.
planned = []
for it in range(12):
    cycle = math.floor(1 + it / 8)
    pos = abs(it / 4 - 2 * cycle + 1)
    planned.append(0.001 + (0.01 - 0.001) * max(0.0, 1 - pos))
same = all(math.isclose(u, p, rel_tol=1e-9, abs_tol=1e-12) for u, p in zip(used, planned))
print("learning rates as the triangular formula gives them:", same)

# reference: learning rates used as the warm-up and the restarts' formula give them
import math

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=3)
warmup_epochs, batches = 2, 4
x, y = torch.randn(8, 4), torch.randn(8, 1)

used = []
for epoch in range(6):
    for i in range(batches):
        step = epoch + i / batches
        if epoch < warmup_epochs:  # the warm-up sets the rate itself
            for group in opt.param_groups:
                group["lr"] = 0.1 * (step + 1 / batches) / warmup_epochs
        used.append(opt.param_groups[0]["lr"])
        opt.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        opt.step()
        if epoch >= warmup_epochs:  # only once the warm-up is over: never a negative epoch
            scheduler.step(step - warmup_epochs + 1 / batches)
print("rate at each epoch's first batch:", [f"{lr:.3f}" for lr in used[::batches]])


# The reference: a linear warm-up, then the cosine of each 3-epoch cycle, at every batch.
def planned(step):
    if step < warmup_epochs:
        return 0.1 * (step + 1 / batches) / warmup_epochs
    t_cur = (step - warmup_epochs) % 3
    return 0.1 * (1 + math.cos(math.pi * t_cur / 3)) / 2


expected = [planned(epoch + i / batches) for epoch in range(6) for i in range(batches)]
same = len(used) == len(expected) and all(abs(u - e) < 1e-9 for u, e in zip(used, expected))
print("learning rates used as the warm-up and the restarts' formula give them:", same)

# reference: learning rates as warm-up times decay gives them
import torch
from torch import nn

model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
# The warm-up as torch.optim's LinearLR: an LRScheduler, so it has the optimizer attribute
# ChainedScheduler reads, and its factor multiplies the rate the other scheduler sets.
warmup = torch.optim.lr_scheduler.LinearLR(optimizer, start_factor=0.25, total_iters=3)
decay = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.9)
scheduler = torch.optim.lr_scheduler.ChainedScheduler([warmup, decay])

used = []
for step in range(6):
    used.append(optimizer.param_groups[0]["lr"])  # what this step's optimizer.step() reads
    optimizer.step()  # the batch's training, reduced to its optimizer step
    scheduler.step()
print("learning rates used:", [f"{lr:.4f}" for lr in used])

# The reference: 0.1 times the warm-up's factor, 1/4 rising to 1 over three steps, times 0.9
# for each step taken.
planned = [0.1 * min(1.0, 0.25 + 0.75 * step / 3) * 0.9**step for step in range(6)]
same = all(abs(u - p) < 1e-12 for u, p in zip(used, planned)) and len(used) == 6
print("learning rates as warm-up times decay gives them:", same)

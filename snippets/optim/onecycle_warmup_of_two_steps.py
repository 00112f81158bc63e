# reference: learning rates as the one-cycle formula gives them
import math

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
dataset = TensorDataset(torch.randn(40, 4), torch.randn(40, 1))
loader = DataLoader(dataset, batch_size=4, shuffle=True)  # 10 batches
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
epochs = 1
total = epochs * len(loader)
# Each phase needs two steps or more to span an interval: at least 2 / total of the run warms up.
pct_start = max(0.1, 2 / total)
print("steps planned:", total, "| warm-up steps:", pct_start * total)
scheduler = torch.optim.lr_scheduler.OneCycleLR(
    opt, max_lr=0.01, epochs=epochs, steps_per_epoch=len(loader), pct_start=pct_start
)

used = []
for epoch in range(epochs):
    for x, y in loader:
        opt.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        used.append(opt.param_groups[0]["lr"])
        opt.step()
        scheduler.step()
print(f"{len(used)} optimizer steps, highest lr {max(used):.4f} at step {used.index(max(used))}")

# The reference: the one-cycle schedule written out by hand with OneCycleLR's defaults
# (cosine annealing, div_factor 25, final_div_factor 1e4): up from max_lr / 25 to max_lr
# until step pct_start * total - 1, then down to max_lr / 25 / 1e4 at the last step.
peak_at = pct_start * total - 1
start, peak, end = 0.01 / 25, 0.01, 0.01 / 25 / 1e4


def cosine(a, b, pct):
    return b + (a - b) / 2 * (1 + math.cos(math.pi * pct))


planned = [
    cosine(start, peak, s / peak_at) if s <= peak_at else cosine(peak, end, (s - peak_at) / (total - 1 - peak_at))
    for s in range(total)
]
same = len(used) == total and all(math.isclose(u, p, rel_tol=1e-9) for u, p in zip(used, planned))
print("learning rates as the one-cycle formula gives them:", same)

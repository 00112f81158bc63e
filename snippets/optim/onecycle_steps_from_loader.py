# reference: learning rates as the one-cycle formula gives them
import math

import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
dataset = TensorDataset(torch.randn(100, 4), torch.randn(100, 1))
loader = DataLoader(dataset, batch_size=8, shuffle=True)  # 12 full batches and one of 4
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
epochs = 3
# The cycle is as long as the loop: one step per batch the loader really yields.
scheduler = torch.optim.lr_scheduler.OneCycleLR(
    opt, max_lr=0.1, epochs=epochs, steps_per_epoch=len(loader)
)

used = []
for epoch in range(epochs):
    for x, y in loader:
        opt.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        used.append(opt.param_groups[0]["lr"])
        opt.step()
        scheduler.step()  # once per batch, as OneCycleLR expects
    print(f"epoch {epoch} done, lr {opt.param_groups[0]['lr']:.4f}")
print(f"{len(used)} optimizer steps, the cycle planned {scheduler.total_steps}")
print(f"first lr {used[0]:.4f}, highest {max(used):.4f}, last {used[-1]:.1e}")

# The reference: the one-cycle schedule written out by hand with OneCycleLR's defaults
# (pct_start 0.3, cosine annealing, div_factor 25, final_div_factor 1e4): up from
# max_lr / 25 to max_lr over the first 30% of the steps, then down to max_lr / 25 / 1e4.
total = epochs * math.ceil(len(dataset) / 8)
peak_at = 0.3 * total - 1
start, peak, end = 0.1 / 25, 0.1, 0.1 / 25 / 1e4


def cosine(a, b, pct):
    return b + (a - b) / 2 * (1 + math.cos(math.pi * pct))


planned = []
for s in range(total):
    if s <= peak_at:
        planned.append(cosine(start, peak, s / peak_at))
    else:
        planned.append(cosine(peak, end, (s - peak_at) / (total - 1 - peak_at)))
same = len(used) == total and all(math.isclose(u, p, rel_tol=1e-9) for u, p in zip(used, planned))
print("learning rates as the one-cycle formula gives them:", same)

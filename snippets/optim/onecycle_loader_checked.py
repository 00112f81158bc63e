# reference: learning rates as the one-cycle formula gives them
import math

import torch
from torch import nn
from torch.utils.data import DataLoader

torch.manual_seed(0)
# what the data folder holds: 40 samples, each tagged with its split
index = [{"split": "train" if i < 32 else "val", "x": torch.randn(4), "y": torch.randn(1)} for i in range(40)]
config = {"split": "train", "epochs": 3, "batch_size": 8}  # the split's name as the folder spells it

samples = [s for s in index if s["split"] == config["split"]]
if not samples:  # stop here, naming the setting, before a scheduler is built from a count of 0
    raise SystemExit(f"no samples for split {config['split']!r}; splits found: {sorted({s['split'] for s in index})}")
loader = DataLoader(samples, batch_size=config["batch_size"])
print("samples:", len(samples), "| batches per epoch:", len(loader))
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
total = config["epochs"] * len(loader)
scheduler = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.1, total_steps=total)

used = []
for epoch in range(config["epochs"]):
    for batch in loader:
        opt.zero_grad()
        nn.functional.mse_loss(model(batch["x"]), batch["y"]).backward()
        used.append(opt.param_groups[0]["lr"])
        opt.step()
        scheduler.step()
print(f"{len(used)} optimizer steps, the cycle planned {scheduler.total_steps}")

# The reference: the one-cycle schedule written out by hand with OneCycleLR's defaults
# (pct_start 0.3, cosine annealing, div_factor 25, final_div_factor 1e4).
peak_at = 0.3 * total - 1
start, peak, end = 0.1 / 25, 0.1, 0.1 / 25 / 1e4


def cosine(a, b, pct):
    return b + (a - b) / 2 * (1 + math.cos(math.pi * pct))


planned = [cosine(start, peak, s / peak_at) if s <= peak_at else cosine(peak, end, (s - peak_at) / (total - 1 - peak_at))
           for s in range(total)]
same = len(used) == total and all(math.isclose(u, p, rel_tol=1e-9) for u, p in zip(used, planned))
print("learning rates as the one-cycle formula gives them:", same)

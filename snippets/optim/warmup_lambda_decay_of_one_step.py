# reference: learning rates as the warm-up and decay formula gives them
import torch
from torch import nn

torch.manual_seed(0)
config = {"max_steps": 20, "warmup_steps": 20}
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
total = config["max_steps"]
# The warm-up ends one step before the run does at the latest, so the decay has a length.
warmup = min(config["warmup_steps"], total - 1)
print("warm-up steps:", warmup, "| decay steps:", total - warmup)


def warmup_then_linear_decay(step):
    if step < warmup:
        return float(step + 1) / warmup
    return float(total - step) / (total - warmup)


scheduler = torch.optim.lr_scheduler.LambdaLR(opt, warmup_then_linear_decay)
x, y = torch.randn(8, 4), torch.randn(8, 1)
used = []
for step in range(total):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    used.append(opt.param_groups[0]["lr"])
    opt.step()
    scheduler.step()
print(f"{len(used)} steps, lr at the last one {used[-1]:.4f}")

# The reference: each step's rate computed from the schedule's definition alone: rising by
# 0.1 / warmup a step to 0.1, then 0.1 * (total - step) / (total - warmup).
planned = [0.1 * (s + 1) / warmup if s < warmup else 0.1 * (total - s) / (total - warmup) for s in range(total)]
same = all(abs(u - p) < 1e-12 for u, p in zip(used, planned))
print("learning rates as the warm-up and decay formula gives them:", same)

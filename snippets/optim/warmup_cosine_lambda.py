# reference: same weights as SGD by hand at the planned rates
import math

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)


def warmup_then_cosine(epoch, warmup=2, total=6):
    """The factor on the base lr: linear from 0.25 to 1 over the warm-up, then cosine to 0."""
    if epoch < warmup:
        return 0.25 + 0.75 * epoch / warmup
    return 0.5 * (1 + math.cos(math.pi * (epoch - warmup) / (total - warmup)))


# One scheduler computes the whole schedule, so nothing steps a scheduler with an epoch.
scheduler = torch.optim.lr_scheduler.LambdaLR(opt, warmup_then_cosine)
x, y = torch.randn(8, 4), torch.randn(8, 1)

for epoch in range(6):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()
    print(f"epoch {epoch} trained with lr {opt.param_groups[0]['lr']:.4f}")
    scheduler.step()

# The reference: the same training by hand, without a scheduler, epoch e at 0.1 * warmup_then_cosine(e).
torch.manual_seed(0)
plain = nn.Linear(4, 1)  # the same initial weights
for epoch in range(6):
    grads = torch.autograd.grad(nn.functional.mse_loss(plain(x), y), list(plain.parameters()))
    with torch.no_grad():
        for p, g in zip(plain.parameters(), grads):
            p -= 0.1 * warmup_then_cosine(epoch) * g
same = all(torch.allclose(p, q) for p, q in zip(model.parameters(), plain.parameters()))
print("same weights as SGD by hand at the planned rates:", same)

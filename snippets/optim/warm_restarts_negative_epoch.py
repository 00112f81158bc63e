# raises: ValueError
# fixed-by: optim/warm_restarts_after_warmup
# cause: CosineAnnealingWarmRestarts.step(epoch) is given an epoch counted from the end of a warm-up (epoch - warmup_epochs) while the warm-up is still running, so the first epochs pass a negative number
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=3)
warmup_epochs, batches = 2, 4
x, y = torch.randn(8, 4), torch.randn(8, 1)

for epoch in range(6):
    for i in range(batches):
        opt.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        opt.step()
        # the restarts are meant to start when the warm-up ends
        scheduler.step(epoch - warmup_epochs + i / batches)

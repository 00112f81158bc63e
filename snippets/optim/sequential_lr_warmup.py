# fixed-by: optim/warmup_cosine_lambda
# cause: a warm-up then cosine schedule built with SequentialLR, whose own step() passes an epoch at the milestone
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
warmup = torch.optim.lr_scheduler.LinearLR(opt, start_factor=0.25, total_iters=2)
cosine = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=4)
scheduler = torch.optim.lr_scheduler.SequentialLR(opt, [warmup, cosine], milestones=[2])
x, y = torch.randn(8, 4), torch.randn(8, 1)

for epoch in range(6):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()
    print(f"epoch {epoch} trained with lr {opt.param_groups[0]['lr']:.4f}")
    scheduler.step()  # no epoch passed here

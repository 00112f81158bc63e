import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)  # meant per optimizer step
x, y = torch.randn(8, 4), torch.randn(8, 1)
accumulate = 2

for batch in range(4):
    (nn.functional.mse_loss(model(x), y) / accumulate).backward()
    if (batch + 1) % accumulate == 0:
        opt.step()
        opt.zero_grad()
        print(f"optimizer step after batch {batch}, lr was {opt.param_groups[0]['lr']:.3f}")
        scheduler.step()  # once per optimizer step, right after it

# fixed-by: optim/scheduler_step_after_epoch
# cause: the scheduler is stepped at the start of each epoch, before that epoch's optimizer steps
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)  # halve the lr every epoch
x, y = torch.randn(8, 4), torch.randn(8, 1)

for epoch in range(3):
    scheduler.step()  # meant as "set this epoch's learning rate"
    for batch in range(2):
        opt.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        opt.step()
    print(f"epoch {epoch} trained with lr {opt.param_groups[0]['lr']:.3f}")

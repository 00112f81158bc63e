# fixed-by: optim/scheduler_step_without_epoch
# cause: the training loop passes the finished epoch's number to scheduler.step(epoch)
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.1)  # lr / 10 every 2 epochs
x, y = torch.randn(8, 4), torch.randn(8, 1)

for epoch in range(5):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()
    print(f"epoch {epoch} trained with lr {opt.param_groups[0]['lr']:.3f}")
    scheduler.step(epoch)

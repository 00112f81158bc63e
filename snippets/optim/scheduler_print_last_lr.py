import torch
from torch import nn

model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
for epoch in range(2):
    opt.step()
    scheduler.step()
    print(f"epoch {epoch} done, lr now {scheduler.get_last_lr()[0]:.4f}")

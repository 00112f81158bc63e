import torch
from torch import nn

model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.1)

for epoch in range(4):
    optimizer.step()  # the epoch's training, reduced to its optimizer step
    scheduler.step()
    logged = scheduler.get_last_lr()[0]  # the rate the last scheduler.step() set
    used = optimizer.param_groups[0]["lr"]
    print(f"epoch {epoch}: logged {logged:.4f}, optimizer uses {used:.4f}")

# fixed-by: steps/scheduler_get_last_lr
# cause: a training loop logs the learning rate with scheduler.get_lr(), the method a scheduler computes the next rate with
import torch
from torch import nn

model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.1)

for epoch in range(4):
    optimizer.step()  # the epoch's training, reduced to its optimizer step
    scheduler.step()
    logged = scheduler.get_lr()[0]  # meant as "the learning rate now"
    used = optimizer.param_groups[0]["lr"]
    print(f"epoch {epoch}: logged {logged:.4f}, optimizer uses {used:.4f}")

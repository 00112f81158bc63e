# raises: TypeError
# fixed-by: optim/plateau_step_with_val_loss
# cause: a training loop written for the schedulers that count epochs calls scheduler.step() with no argument, and the scheduler is ReduceLROnPlateau, which decides from a measured value
import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 1)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.5)
scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, patience=0)

for epoch in range(2):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()
    scheduler.step()  # the loop's line for StepLR and the others

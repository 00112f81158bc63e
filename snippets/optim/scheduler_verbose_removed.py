# raises: TypeError
# min-torch: 2.7
# fixed-by: optim/scheduler_print_last_lr
# cause: training code written for older releases passes verbose=True to a learning-rate scheduler
import torch
from torch import nn

model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5, verbose=True)

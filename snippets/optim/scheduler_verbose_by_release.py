# fixed-by: optim/scheduler_print_last_lr
# cause: training code passes verbose=True to a learning-rate scheduler on a release that deprecates it
import torch
from torch import nn

model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
try:
    scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5, verbose=True)
except TypeError as error:  # caught, to show what each release does with the same line
    print("TypeError:", error)
else:
    for epoch in range(2):
        opt.step()
        scheduler.step()
    print("two epochs done")

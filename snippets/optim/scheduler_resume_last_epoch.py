# raises: KeyError
# fixed-by: optim/scheduler_resume_state_dict
# cause: the resumed run builds a new optimizer and passes the checkpoint's epoch as last_epoch before loading the optimizer's state
import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(8, 4), torch.randn(8, 1)


def train_epoch(model, opt):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()


# the first run: three epochs, then a checkpoint
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
for epoch in range(3):
    train_epoch(model, opt)
    scheduler.step()
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict(), "epoch": scheduler.last_epoch}

# the resumed run: a new optimizer, and a scheduler told where training stopped
model = nn.Linear(4, 1)
model.load_state_dict(checkpoint["model"])
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5, last_epoch=checkpoint["epoch"])
opt.load_state_dict(checkpoint["optimizer"])

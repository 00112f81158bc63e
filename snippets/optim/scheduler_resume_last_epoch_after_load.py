import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(8, 4), torch.randn(8, 1)


def train_epoch(model, opt):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()


model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
for epoch in range(3):
    train_epoch(model, opt)
    scheduler.step()
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict(), "epoch": scheduler.last_epoch}

# the resumed run: the optimizer's state first, then the scheduler with last_epoch
model = nn.Linear(4, 1)
model.load_state_dict(checkpoint["model"])
opt = torch.optim.SGD(model.parameters(), lr=0.1)
opt.load_state_dict(checkpoint["optimizer"])  # brings back 'initial_lr' with the groups
scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5, last_epoch=checkpoint["epoch"])
print("checkpoint saved at epoch", checkpoint["epoch"])
print("saved groups have initial_lr:", "initial_lr" in checkpoint["optimizer"]["param_groups"][0])
print("resumed at epoch", scheduler.last_epoch, "with lr", f"{opt.param_groups[0]['lr']:.5f}")

# reference: same weights as five epochs without a break
import copy

import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(8, 4), torch.randn(8, 1)


def train_epoch(model, opt):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()


# the first run: three epochs, then a checkpoint with the scheduler's state too
model = nn.Linear(4, 1)
initial = copy.deepcopy(model)  # the same weights, for the reference below
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
for epoch in range(3):
    train_epoch(model, opt)
    scheduler.step()
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict(), "scheduler": scheduler.state_dict()}

# the resumed run: build everything as for a fresh start, then load each state
model = nn.Linear(4, 1)
model.load_state_dict(checkpoint["model"])
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)  # default last_epoch
opt.load_state_dict(checkpoint["optimizer"])
scheduler.load_state_dict(checkpoint["scheduler"])
print("resumed at epoch", scheduler.last_epoch, "with lr", f"{opt.param_groups[0]['lr']:.5f}")
for epoch in range(3, 5):
    train_epoch(model, opt)
    print(f"epoch {epoch} trained with lr {opt.param_groups[0]['lr']:.5f}")
    scheduler.step()

# The reference: the same five epochs in one run, from the same initial weights, with no checkpoint.
opt = torch.optim.SGD(initial.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
for epoch in range(5):
    train_epoch(initial, opt)
    scheduler.step()
same = all(torch.allclose(p, q) for p, q in zip(model.parameters(), initial.parameters()))
print("same weights as five epochs without a break:", same)

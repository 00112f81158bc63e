# raises: KeyError
# fixed-by: optim/resume_with_fresh_sgd
# cause: a run resumed with SGD and momentum loads the state dict a run with Adam saved, whose parameter groups replace SGD's settings and have no momentum
import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 1)


def train_step(model, opt):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()


# the first run: Adam for three steps, then a checkpoint
model = nn.Linear(4, 1)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for _ in range(3):
    train_step(model, opt)
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict()}
print("saved group has momentum:", "momentum" in checkpoint["optimizer"]["param_groups"][0])

# the resumed run builds SGD with momentum and loads the whole saved state dict
model = nn.Linear(4, 1)
model.load_state_dict(checkpoint["model"])
opt = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
print("SGD's group before loading has momentum:", "momentum" in opt.param_groups[0])
opt.load_state_dict(checkpoint["optimizer"])
print("SGD's group after loading has momentum:", "momentum" in opt.param_groups[0])
train_step(model, opt)

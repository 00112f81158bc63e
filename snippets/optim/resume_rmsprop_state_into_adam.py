# raises: KeyError
# fixed-by: optim/resume_with_fresh_adam
# cause: a run resumed with Adam loads the optimizer state a run with another optimizer saved, so every parameter has state and none of it is Adam's moments
import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 1)


def train_step(model, opt):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()


# the first run: RMSprop for three steps, then a checkpoint
model = nn.Linear(4, 1)
opt = torch.optim.RMSprop(model.parameters(), lr=0.01)
for _ in range(3):
    train_step(model, opt)
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict()}
print("saved state of the weight:", sorted(checkpoint["optimizer"]["state"][0]))

# the resumed run switches to Adam and loads the saved optimizer state
model = nn.Linear(4, 1)
model.load_state_dict(checkpoint["model"])
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
try:
    opt.load_state_dict(checkpoint["optimizer"])
    train_step(model, opt)
except KeyError as error:
    print("with RMSprop's hyperparameters too: KeyError", error)  # they have no betas

# keeping Adam's own hyperparameters, the state alone
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
opt.load_state_dict({"state": checkpoint["optimizer"]["state"], "param_groups": opt.state_dict()["param_groups"]})
train_step(model, opt)

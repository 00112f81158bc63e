# raises: AssertionError
# fixed-by: optim/resume_without_capturable_workaround
# cause: the resume code sets capturable=True on every parameter group, a workaround copied from threads about PyTorch 1.12.0, while the parameters or the step counts loaded with the state are not on a CUDA device
import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 1)


def train_step(model, opt):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()


# the first run: three Adam steps, then a checkpoint
model = nn.Linear(4, 1)
opt = torch.optim.Adam(model.parameters(), lr=0.01)
for _ in range(3):
    train_step(model, opt)
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict()}

# the resumed run
model = nn.Linear(4, 1)
model.load_state_dict(checkpoint["model"])
opt = torch.optim.Adam(model.parameters(), lr=0.01)
opt.load_state_dict(checkpoint["optimizer"])
print("loaded step count is on:", opt.state[model.weight]["step"].device)
for group in opt.param_groups:
    group["capturable"] = True  # the workaround for 1.12.0, kept in the resume code
train_step(model, opt)

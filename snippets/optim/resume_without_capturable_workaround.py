# reference: same weights as six steps without a break
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
start = {name: t.clone() for name, t in model.state_dict().items()}
opt = torch.optim.Adam(model.parameters(), lr=0.01)
for _ in range(3):
    train_step(model, opt)
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict()}

# the resumed run loads the state and leaves capturable as Adam set it
model = nn.Linear(4, 1)
model.load_state_dict(checkpoint["model"])
opt = torch.optim.Adam(model.parameters(), lr=0.01)
opt.load_state_dict(checkpoint["optimizer"])
print("capturable after loading:", opt.param_groups[0]["capturable"])
for _ in range(3):
    train_step(model, opt)

# The reference: one run of six steps from the same starting weights, with no checkpoint.
plain = nn.Linear(4, 1)
plain.load_state_dict(start)
plain_opt = torch.optim.Adam(plain.parameters(), lr=0.01)
for _ in range(6):
    train_step(plain, plain_opt)
same = all(torch.allclose(p, q, atol=1e-7) for p, q in zip(model.parameters(), plain.parameters()))
print("same weights as six steps without a break:", same)

# raises: KeyError
# fixed-by: optim/state_by_parameter
# cause: code written for releases before 1.6 copies a parameter's state out of optimizer.state_dict()["state"] by id(param); from 1.6 on state_dict() numbers the parameters 0, 1, ... in group order, so an id is no key of it
import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 1)
model = nn.Linear(4, 1)
old_opt = torch.optim.Adam(model.parameters(), lr=0.01)
for _ in range(3):
    old_opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    old_opt.step()
print("state_dict()['state'] keys:", sorted(old_opt.state_dict()["state"]))

# a new optimizer for the same model (a new learning rate), given the old state parameter by parameter
new_opt = torch.optim.Adam(model.parameters(), lr=0.01)
for p in model.parameters():
    new_opt.state[p] = old_opt.state_dict()["state"][id(p)]

# raises: KeyError
# fixed-by: optim/resume_optimizer_from_its_key
# cause: the resume code hands optimizer.load_state_dict() the whole checkpoint (or the model's weights) instead of the optimizer's entry in it
import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 1)
model = nn.Linear(4, 1)
opt = torch.optim.Adam(model.parameters(), lr=0.01)
for _ in range(3):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()
checkpoint = {"epoch": 3, "model": model.state_dict(), "optimizer": opt.state_dict()}
print("checkpoint keys:", sorted(checkpoint))

# the resumed run
model = nn.Linear(4, 1)
model.load_state_dict(checkpoint["model"])
opt = torch.optim.Adam(model.parameters(), lr=0.01)
try:
    opt.load_state_dict(model.state_dict())  # the model's weights: no groups either
except KeyError as error:
    print("the model's state dict: KeyError", error)
opt.load_state_dict(checkpoint)

# raises: ValueError
# fixed-by: optim/optimizer_state_same_params
# cause: the checkpoint's optimizer held only the trainable parameters, and the resumed run builds it over another set of parameters
import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(8, 4), torch.randint(0, 3, (8,))


def build():
    return nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))


# the first stage: the backbone (layer 0) frozen, the optimizer given only the head
model = build()
model[0].requires_grad_(False)
opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=0.01)
nn.functional.cross_entropy(model(x), y).backward()
opt.step()
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict()}
print("saved group sizes:", [len(g["params"]) for g in checkpoint["optimizer"]["param_groups"]])

# the resumed run unfreezes the backbone and hands the optimizer every parameter
model = build()
model.load_state_dict(checkpoint["model"])
opt = torch.optim.AdamW(model.parameters(), lr=0.01)
print("new group sizes:", [len(g["params"]) for g in opt.param_groups])
opt.load_state_dict(checkpoint["optimizer"])

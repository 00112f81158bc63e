import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 3))

# the pretraining run saved its weights with its optimizer: one group, every parameter
pretrain_opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
checkpoint = {"model": model.state_dict(), "optimizer": pretrain_opt.state_dict()}

# the fine-tuning run: a small learning rate for the body, a large one for the head
opt = torch.optim.AdamW([
    {"params": model[0].parameters(), "lr": 1e-5},
    {"params": model[2].parameters(), "lr": 1e-3},
])
model.load_state_dict(checkpoint["model"])
print("saved groups:", len(checkpoint["optimizer"]["param_groups"]), "| fine-tuning groups:", len(opt.param_groups))
# another run's checkpoint: take its weights, and let this optimizer start afresh
print("learning rates:", [group["lr"] for group in opt.param_groups])

# raises: ValueError
# fixed-by: optim/param_groups_by_name
# cause: a higher learning rate for the head in one group, and model.parameters(), head included, in the other
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential()
model.add_module("backbone", nn.Sequential(nn.Linear(16, 32), nn.ReLU()))
model.add_module("head", nn.Linear(32, 3))

opt = torch.optim.AdamW(
    [
        {"params": model.head.parameters(), "lr": 1e-3},
        {"params": model.parameters()},  # everything else, meant to get the default lr
    ],
    lr=1e-5,
)

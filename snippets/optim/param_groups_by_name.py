import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential()
model.add_module("backbone", nn.Sequential(nn.Linear(16, 32), nn.ReLU()))
model.add_module("head", nn.Linear(32, 3))

# Split by name, so that every parameter lands in exactly one group.
head = [p for name, p in model.named_parameters() if name.startswith("head.")]
rest = [p for name, p in model.named_parameters() if not name.startswith("head.")]
opt = torch.optim.AdamW([{"params": head, "lr": 1e-3}, {"params": rest}], lr=1e-5)
for group in opt.param_groups:
    print(f"lr {group['lr']:.0e}: {len(group['params'])} tensors")
print("every parameter once:", sum(len(g["params"]) for g in opt.param_groups) == len(list(model.parameters())))

import torch
from torch import nn

device = torch.device("meta")  # stands in for "cuda": a real move to another device
model = nn.Linear(8, 2).to(device)
scales = torch.ones(2, device=device, requires_grad=True)  # made where it lives: a leaf
print("scales.is_leaf:", scales.is_leaf, "| grad_fn:", scales.grad_fn)
opt = torch.optim.Adam(list(model.parameters()) + [scales], lr=1e-3)
print("tensors the optimizer updates:", len(opt.param_groups[0]["params"]))

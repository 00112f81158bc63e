# raises: ValueError
# fixed-by: leaf/created_on_device_fixed
# cause: a learnable scale made with requires_grad=True, then moved with .to(device)
import torch
from torch import nn

device = torch.device("meta")  # stands in for "cuda": a real move to another device
model = nn.Linear(8, 2).to(device)
scales = torch.ones(2, requires_grad=True).to(device)  # the leaf stays behind, unnamed
print("scales.is_leaf:", scales.is_leaf, "| grad_fn:", scales.grad_fn.name())
opt = torch.optim.Adam(list(model.parameters()) + [scales], lr=1e-3)

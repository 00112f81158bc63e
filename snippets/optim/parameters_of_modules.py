import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 3))
to_train = [model[2], model[4]]
# The optimizer wants the tensors: the parameters of those modules, not the modules.
params = [p for module in to_train for p in module.parameters()]
opt = torch.optim.SGD(params, lr=0.01)
print("tensors to optimize:", [tuple(p.shape) for p in opt.param_groups[0]["params"]])

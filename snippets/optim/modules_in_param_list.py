# raises: TypeError
# fixed-by: optim/parameters_of_modules
# cause: the modules to fine-tune collected in a list, and the list of modules given to the optimizer
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 32), nn.ReLU(), nn.Linear(32, 3))
to_train = [model[2], model[4]]  # fine-tune the last two layers only
opt = torch.optim.SGD(to_train, lr=0.01)

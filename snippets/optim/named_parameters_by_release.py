import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 2)
try:
    opt = torch.optim.SGD(model.named_parameters(), lr=0.01)
    print("accepted, with names:", opt.param_groups[0]["param_names"])
except TypeError as error:  # caught, to show what each release does with the same line
    print("TypeError:", error)

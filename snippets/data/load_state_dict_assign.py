# min-torch: 2.1
import torch
from torch import nn

torch.manual_seed(0)
state = nn.Linear(3, 2).state_dict()  # stands for torch.load("checkpoint.pt")

with torch.device("meta"):  # parameters without memory, and no random initialisation
    model = nn.Linear(3, 2)
print("before:", model.weight.device)
model.load_state_dict(state, assign=True)  # the module takes the checkpoint's tensors
print("after: ", model.weight.device, " requires_grad:", model.weight.requires_grad)
print("no copy:", model.weight.data_ptr() == state["weight"].data_ptr())

# raises: RuntimeError
# fixed-by: copying/data_assign_meta_fixed
# cause: weights are put into a model built on the meta device, as fast loaders build it, with `param.data = tensor`; a meta parameter cannot take a CPU tensor as its data
import torch
from torch import nn

model = nn.Linear(3, 2, device="meta")  # shapes only, no memory
checkpoint = {"weight": torch.ones(2, 3), "bias": torch.zeros(2)}
print("parameter on:", model.weight.device, "| checkpoint on:", checkpoint["weight"].device)
for name, param in model.named_parameters():
    param.data = checkpoint[name]

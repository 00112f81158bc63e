import torch
from torch import nn

model = nn.Linear(3, 2, device="meta")  # shapes only, no memory
checkpoint = {"weight": torch.ones(2, 3), "bias": torch.zeros(2)}
model.to_empty(device="cpu")  # real, uninitialized memory on the checkpoint's device
model.load_state_dict(checkpoint)  # copies the values in, under no_grad
print("parameter on:", model.weight.device, "| still a parameter:", isinstance(model.weight, nn.Parameter))
print("weights loaded:", all(torch.equal(p, checkpoint[n]) for n, p in model.named_parameters()))

import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 4)                       # a submodule: registered
        self.heads = [nn.Linear(4, 1), nn.Linear(4, 1)]   # a plain list: not registered
        self.towers = nn.ModuleList([nn.Linear(4, 1)])    # a ModuleList: registered
        self.mask = torch.ones(4)                         # a plain tensor attribute
        self.register_buffer("scale", torch.ones(4))      # a buffer: registered

    def forward(self, x):
        noise = torch.zeros(x.shape)                      # made without device=
        same = torch.zeros(x.shape, device=x.device)      # made where x is
        return noise.device, same.device


model = Net().to("meta")  # the meta device stands in for "cuda"
print("body.weight:     ", model.body.weight.device)
print("heads[0].weight: ", model.heads[0].weight.device)
print("towers[0].weight:", model.towers[0].weight.device)
print("mask:            ", model.mask.device)
print("scale (buffer):  ", model.scale.device)
noise, same = model(torch.ones(2, 4, device="meta"))
print("in forward, torch.zeros(x.shape):", noise, "| with device=x.device:", same)

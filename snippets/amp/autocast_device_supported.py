# min-torch: 2.0
import contextlib

import torch
from torch import nn

AUTOCAST_DEVICES = ("cuda", "cpu")


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(16, 16)

    def forward(self, x):
        if x.device.type in AUTOCAST_DEVICES:
            context = torch.autocast(device_type=x.device.type, dtype=torch.bfloat16)
        else:  # no autocast for this device type: compute in the weights' dtype
            context = contextlib.nullcontext()
        with context:
            return self.proj(x)


with torch.device("meta"):
    block = Block()
    x = torch.randn(8, 16)
out = block(x)
print("meta:", tuple(out.shape), out.dtype)

# the same block on the CPU still computes its projection in bfloat16
torch.manual_seed(0)
block, x = Block(), torch.randn(8, 16)
out = block(x)
print("cpu:", tuple(out.shape), out.dtype)

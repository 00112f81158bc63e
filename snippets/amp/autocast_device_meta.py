# raises: RuntimeError
# fixed-by: amp/autocast_device_supported
# cause: a forward pass on the meta device (a shape check, a trace) runs code that opens torch.autocast with the input's device type
# min-torch: 2.1
import torch
from torch import nn


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(16, 16)

    def forward(self, x):
        # mixed precision for the projection, on whatever device the input is on
        with torch.autocast(device_type=x.device.type, dtype=torch.bfloat16):
            return self.proj(x)


# check the shapes without allocating any weights: build and run the block on the meta device
with torch.device("meta"):
    block = Block()
    x = torch.randn(8, 16)
print("input device:", x.device)
print("output shape:", block(x).shape)

import torch
from torch import nn

x = torch.randn(2, 4)  # float32
for bias in (True, False):
    layer = nn.Linear(4, 3, bias=bias).to(torch.bfloat16)
    try:
        layer(x)
    except RuntimeError as error:  # caught, to print both wordings
        print(f"bias={bias}: {error}")

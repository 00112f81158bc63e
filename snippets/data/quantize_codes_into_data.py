# raises: RuntimeError
# fixed-by: data/quantize_codes_as_buffer
# cause: post-training quantization code stores a layer's int8 codes by assigning them to weight.data; a parameter that requires gradients keeps a floating-point or complex dtype
import torch
from torch import nn

torch.manual_seed(0)
layer = nn.Linear(4, 3)
with torch.no_grad():
    scale = layer.weight.abs().max() / 127
    codes = torch.round(layer.weight / scale).to(torch.int8)  # one byte per weight
print("codes:", codes.dtype, "| weight requires grad:", layer.weight.requires_grad)
layer.weight.data = codes

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))  # weights stay float32
x = torch.randn(4, 8)

# Mixed precision: autocast casts each layer's input and weight to bfloat16 for the product.
with torch.autocast("cpu", dtype=torch.bfloat16):
    logits = model(x)
print("autocast: weight", model[0].weight.dtype, "| input", x.dtype, "| logits", logits.dtype)

# A model that must stay in bfloat16 (to save memory at inference): cast the input to its dtype.
low = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2)).to(torch.bfloat16)
dtype = next(low.parameters()).dtype
logits = low(x.to(dtype))
print("cast input: weight", dtype, "| input", x.to(dtype).dtype, "| logits", logits.dtype)

# min-torch: 2.2
import torch
from torch import nn

DTYPES = {"bf16": torch.bfloat16, "fp32": torch.float32}
torch.manual_seed(0)
model = nn.Linear(16, 4)
x, target = torch.randn(8, 16), torch.randint(0, 4, (8,))

for precision in ["bf16", "fp32"]:
    dtype = DTYPES[precision]
    # full precision is autocast switched off, not autocast to float32
    with torch.autocast("cpu", dtype=dtype, enabled=dtype != torch.float32):
        logits = model(x)
        loss = nn.functional.cross_entropy(logits, target)
    loss.backward()
    print(f"{precision}: logits {logits.dtype}, weight.grad {model.weight.grad.dtype}")

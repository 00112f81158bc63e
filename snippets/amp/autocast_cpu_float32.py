# fixed-by: amp/autocast_enabled_flag
# cause: a precision setting of float32 is passed to autocast as its dtype, to mean "no mixed precision"
# min-torch: 2.2
import torch
from torch import nn

DTYPES = {"bf16": torch.bfloat16, "fp32": torch.float32}
torch.manual_seed(0)
model = nn.Linear(16, 4)
x, target = torch.randn(8, 16), torch.randint(0, 4, (8,))

for precision in ["bf16", "fp32"]:
    with torch.autocast("cpu", dtype=DTYPES[precision]):
        logits = model(x)
        loss = nn.functional.cross_entropy(logits, target)
    loss.backward()
    print(f"{precision}: logits {logits.dtype}, weight.grad {model.weight.grad.dtype}")

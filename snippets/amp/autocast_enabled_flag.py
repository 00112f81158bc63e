# reference: same gradients as casting by hand
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

# The reference: both losses by hand, the bfloat16 casts written out and float32 without
# autocast; the loop never zeroes .grad, so it holds the sum of their gradients.
params = [model.weight, model.bias]
bf16_logits = nn.functional.linear(x.bfloat16(), model.weight.bfloat16(), model.bias.bfloat16())
by_hand = nn.functional.cross_entropy(bf16_logits.float(), target)
by_hand = by_hand + nn.functional.cross_entropy(model(x), target)
expected = torch.autograd.grad(by_hand, params)
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(params, expected))
print("same gradients as casting by hand:", same)

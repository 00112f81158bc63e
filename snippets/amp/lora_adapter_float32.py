# reference: same gradients as casting by hand
# min-torch: 2.3
import torch
from torch import nn


class LoRALinear(nn.Module):
    def __init__(self, base: nn.Linear, rank: int = 4):
        super().__init__()
        self.base = base.requires_grad_(False)
        # the weights the optimizer updates stay float32; autocast casts them for the matmul
        self.down = nn.Linear(base.in_features, rank, bias=False)
        self.up = nn.Linear(rank, base.out_features, bias=False)
        nn.init.zeros_(self.up.weight)

    def forward(self, x):
        return self.base(x) + self.up(self.down(x))


torch.manual_seed(0)
base = nn.Linear(16, 4).half()  # pretrained weights, loaded in float16 to save memory
model = LoRALinear(base)
trainable = [p for p in model.parameters() if p.requires_grad]
optimizer = torch.optim.AdamW(trainable, lr=1e-3)
scaler = torch.amp.GradScaler("cpu")
x, target = torch.randn(8, 16), torch.randint(0, 4, (8,))

with torch.autocast("cpu", dtype=torch.float16):
    loss = nn.functional.cross_entropy(model(x), target)
scaler.scale(loss).backward()
print("trainable dtypes:", sorted({str(p.dtype) for p in trainable}))
print("frozen base dtype:", base.weight.dtype)
scaler.step(optimizer)
scaler.update()
print("adapter up moved:", bool(model.up.weight.abs().sum() > 0))

# The reference: the adapter made again from the seed (its weights before the step), the
# float16 casts autocast makes written by hand, and the scaler's work too: the loss times
# 2**16 (its first scale) for the backward, the gradients divided by it after. down's
# gradient is 0 while up is still all zeros.
torch.manual_seed(0)
fresh = LoRALinear(nn.Linear(16, 4).half())
adapters = [fresh.down.weight, fresh.up.weight]
adapted = nn.functional.linear(nn.functional.linear(x.half(), adapters[0].half()), adapters[1].half())
by_hand = nn.functional.cross_entropy((fresh.base(x.half()) + adapted).float(), target)
expected = [g / 2**16 for g in torch.autograd.grad(by_hand * 2**16, adapters)]
trained = [model.down.weight, model.up.weight]
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(trained, expected))
print("same gradients as casting by hand:", same)

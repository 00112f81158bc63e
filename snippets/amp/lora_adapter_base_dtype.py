# raises: ValueError
# fixed-by: amp/lora_adapter_float32
# cause: a LoRA adapter is created in the dtype of a base model loaded in float16, so the weights it trains are float16
# min-torch: 2.3
import torch
from torch import nn


class LoRALinear(nn.Module):
    def __init__(self, base: nn.Linear, rank: int = 4):
        super().__init__()
        self.base = base.requires_grad_(False)
        dtype = base.weight.dtype  # match the pretrained weights
        self.down = nn.Linear(base.in_features, rank, bias=False, dtype=dtype)
        self.up = nn.Linear(rank, base.out_features, bias=False, dtype=dtype)
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
scaler.step(optimizer)
scaler.update()

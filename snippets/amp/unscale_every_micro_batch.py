# raises: RuntimeError
# fixed-by: amp/unscale_when_stepping
# cause: gradient accumulation unscales and clips after every micro-batch but steps and updates only every few
# min-torch: 2.3
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
scaler = torch.amp.GradScaler("cpu")
accumulate = 4
batches = [(torch.randn(8, 16), torch.randint(0, 4, (8,))) for _ in range(8)]

for i, (x, target) in enumerate(batches):
    with torch.autocast("cpu", dtype=torch.float16):
        loss = nn.functional.cross_entropy(model(x), target) / accumulate
    scaler.scale(loss).backward()
    print(f"micro-batch {i}: unscale_ and clip")
    scaler.unscale_(optimizer)
    nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
    if (i + 1) % accumulate == 0:
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad()

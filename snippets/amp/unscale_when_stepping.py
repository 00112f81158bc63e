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
    if (i + 1) % accumulate == 0:
        # once per optimizer step, on the gradients of all its micro-batches
        scaler.unscale_(optimizer)
        nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad()
        print(f"micro-batch {i}: unscale_, clip, step, update")

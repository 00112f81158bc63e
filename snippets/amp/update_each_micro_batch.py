# raises: AssertionError
# fixed-by: amp/update_with_step
# cause: with gradient accumulation, scaler.update() runs after every micro-batch while scaler.step() runs only every few, so an update() comes with no step that recorded inf checks
# min-torch: 2.3
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(8, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
scaler = torch.amp.GradScaler("cpu")
x, target = torch.randn(4, 16, 8), torch.randn(4, 16, 1)
accumulate = 2

for i in range(4):
    with torch.autocast("cpu", dtype=torch.float16):
        pred = model(x[i])
    loss = nn.functional.mse_loss(pred.float(), target[i]) / accumulate
    scaler.scale(loss).backward()
    if (i + 1) % accumulate == 0:
        scaler.step(optimizer)
        optimizer.zero_grad()
        print(f"micro-batch {i}: stepped")
    scaler.update()

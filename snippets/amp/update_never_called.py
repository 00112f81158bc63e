# raises: RuntimeError
# fixed-by: amp/update_after_step
# cause: the loop calls scaler.step(optimizer) every iteration but never scaler.update(), so the second iteration steps an optimizer the scaler still counts as stepped
# min-torch: 2.3
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(8, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
scaler = torch.amp.GradScaler("cpu", init_scale=1024.0)  # small enough that no step here overflows
x = torch.randn(3, 16, 8)
target = torch.randn(3, 16, 1)

for step in range(3):
    optimizer.zero_grad()
    with torch.autocast("cpu", dtype=torch.float16):
        pred = model(x[step])
    loss = nn.functional.mse_loss(pred.float(), target[step])
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    print(f"step {step}: stepped")

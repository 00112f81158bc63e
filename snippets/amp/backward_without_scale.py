# raises: AssertionError
# fixed-by: amp/backward_through_scale
# cause: a loop moved to mixed precision steps through scaler.step(optimizer) but keeps loss.backward(), so the scaler has never scaled a loss and has no scale to divide by
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
    loss.backward()
    scaler.step(optimizer)
    scaler.update()
    print(f"step {step}: stepped")

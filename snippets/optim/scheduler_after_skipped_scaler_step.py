# fixed-by: optim/scheduler_only_when_scaler_stepped
# cause: mixed precision: GradScaler skips the first optimizer.step() on inf gradients, and the scheduler steps anyway
# min-torch: 2.3
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
opt = torch.optim.SGD(model.parameters(), lr=1e-4)
scheduler = torch.optim.lr_scheduler.LambdaLR(opt, lambda step: 0.5**step)
scaler = torch.amp.GradScaler("cpu")  # starts with a scale of 65536, too large for this loss
x, y = torch.randn(32, 8), torch.randn(32, 1) * 30

for step in range(3):
    opt.zero_grad()
    with torch.autocast("cpu", dtype=torch.float16):
        loss = nn.functional.mse_loss(model(x), y)
    scaler.scale(loss).backward()
    scaler.step(opt)  # does not call opt.step() when a gradient is inf or NaN
    scaler.update()
    scheduler.step()
    print(f"step {step}: scale now {scaler.get_scale():.0f}, lr now {opt.param_groups[0]['lr']:.2e}")

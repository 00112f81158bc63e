# min-torch: 2.3
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
opt = torch.optim.SGD(model.parameters(), lr=1e-4)
scheduler = torch.optim.lr_scheduler.LambdaLR(opt, lambda step: 0.5**step)
scaler = torch.amp.GradScaler("cpu")
x, y = torch.randn(32, 8), torch.randn(32, 1) * 30

for step in range(6):
    opt.zero_grad()
    with torch.autocast("cpu", dtype=torch.float16):
        loss = nn.functional.mse_loss(model(x), y)
    scaler.scale(loss).backward()
    scale_before = scaler.get_scale()
    scaler.step(opt)
    scaler.update()
    # update() lowers the scale only after a skipped step: step the schedule only when opt.step() ran.
    stepped = scaler.get_scale() >= scale_before
    if stepped:
        scheduler.step()
    print(f"step {step}: optimizer stepped {stepped}, lr now {opt.param_groups[0]['lr']:.2e}")

# min-torch: 2.3
import torch
from torch import nn

# Mixed-precision training: the forward pass runs in float16, and GradScaler multiplies
# the loss by a large scale so that small gradients do not round to 0 in float16.
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
opt = torch.optim.SGD(model.parameters(), lr=1e-4)
scaler = torch.amp.GradScaler("cpu")
x, y = torch.randn(32, 8), torch.randn(32, 1) * 30

for step in range(5):
    before = [p.detach().clone() for p in model.parameters()]
    opt.zero_grad()
    with torch.autocast("cpu", dtype=torch.float16):
        loss = nn.functional.mse_loss(model(x), y)
    scaler.scale(loss).backward()  # too large a scale: float16 overflows to inf, and inf - inf is NaN
    grads = torch.cat([p.grad.flatten() for p in model.parameters()])
    scale = scaler.get_scale()
    scaler.step(opt)  # skipped when a gradient is inf or NaN ...
    scaler.update()  # ... and then the scale is halved
    moved = any(not torch.equal(b, p) for b, p in zip(before, model.parameters()))
    print(
        f"step {step}: loss {loss.item():.1f} | gradient has inf {grads.isinf().any().item()}, "
        f"NaN {grads.isnan().any().item()} | scale {scale:.0f} -> {scaler.get_scale():.0f} | "
        f"weights changed: {moved}"
    )

# min-torch: 2.3
# reference: same weights as the loop by hand
# graph: loss
import copy

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
by_hand = copy.deepcopy(model)  # the same weights, for the reference below
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

# The reference: the same loop by hand, with no scaler, optimizer or scheduler: the loss times the
# scale; where a gradient is not finite no update and the scale halved, otherwise a step of
# 1e-4 * 0.5**k on the gradient divided by the scale, k being the updates made before.
scale, updates = 65536.0, 0
for step in range(6):
    with torch.autocast("cpu", dtype=torch.float16):
        loss = nn.functional.mse_loss(by_hand(x), y)
    grads = torch.autograd.grad(loss * scale, list(by_hand.parameters()))
    if all(torch.isfinite(g).all() for g in grads):
        with torch.no_grad():
            for p, g in zip(by_hand.parameters(), grads):
                p -= 1e-4 * 0.5**updates * g / scale
        updates += 1
    else:
        scale /= 2
same = all(torch.allclose(p, q) for p, q in zip(model.parameters(), by_hand.parameters()))
print("same weights as the loop by hand:", same)

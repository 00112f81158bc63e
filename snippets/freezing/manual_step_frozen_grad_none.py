# raises: TypeError
# fixed-by: freezing/manual_step_skips_frozen
# cause: a hand-written update loops over model.parameters() and reaches a frozen parameter, whose .grad is None
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
model[0].requires_grad_(False)  # the first layer is frozen
x, y = torch.randn(8, 3), torch.randn(8, 1)
nn.functional.mse_loss(model(x), y).backward()
for name, p in model.named_parameters():
    print(f"{name}: requires_grad={p.requires_grad}, grad is None: {p.grad is None}")

lr = 0.1
with torch.no_grad():
    for p in model.parameters():
        p -= lr * p.grad

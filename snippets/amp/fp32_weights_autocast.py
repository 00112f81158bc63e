# min-torch: 2.3
# graph: loss
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))  # weights stay float32
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu")
x, target = torch.randn(8, 16), torch.randint(0, 4, (8,))
before = model[0].weight.detach().clone()

with torch.autocast("cpu", dtype=torch.float16):  # computes in float16 where it is safe
    logits = model(x)
    loss = nn.functional.cross_entropy(logits, target)
scaler.scale(loss).backward()
print("logits dtype:", logits.dtype)
print("weight.grad dtype:", model[0].weight.grad.dtype)
scaler.step(optimizer)
scaler.update()
print("weights moved:", not torch.equal(before, model[0].weight))

# reference: same gradients as casting by hand
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

# The reference: the model made again from the seed (its weights before the step), the
# float16 casts autocast makes written by hand, and the scaler's work too: the loss times
# 2**16 (its first scale) for the backward, the gradients divided by it after.
torch.manual_seed(0)
fresh = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4))
w1, b1, w2, b2 = [p.half() for p in fresh.parameters()]
hidden = nn.functional.relu(nn.functional.linear(x.half(), w1, b1))
by_hand = nn.functional.cross_entropy(nn.functional.linear(hidden, w2, b2).float(), target)
expected = [g / 2**16 for g in torch.autograd.grad(by_hand * 2**16, list(fresh.parameters()))]
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(model.parameters(), expected))
print("same gradients as casting by hand:", same)

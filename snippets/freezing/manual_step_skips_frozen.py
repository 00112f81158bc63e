import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
model[0].requires_grad_(False)
x, y = torch.randn(8, 3), torch.randn(8, 1)
nn.functional.mse_loss(model(x), y).backward()

before = [p.clone() for p in model.parameters()]
lr = 0.1
with torch.no_grad():
    for p in model.parameters():
        if p.grad is None:  # frozen, or not reached by the loss: nothing to apply
            continue
        p -= lr * p.grad
for (name, p), old in zip(model.named_parameters(), before):
    print(f"{name}: changed {not torch.equal(p, old)}")

# reference: same parameters as torch.optim.SGD
import copy

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
model[0].requires_grad_(False)
x, y = torch.randn(8, 3), torch.randn(8, 1)
reference = copy.deepcopy(model)  # the same weights, for the reference below
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

# The reference: one step of torch.optim.SGD, which skips a parameter without a gradient itself.
opt = torch.optim.SGD(reference.parameters(), lr=lr)
nn.functional.mse_loss(reference(x), y).backward()
opt.step()
same = all(torch.allclose(p, q) for p, q in zip(model.parameters(), reference.parameters()))
print("same parameters as torch.optim.SGD:", same)

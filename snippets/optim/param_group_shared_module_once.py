# reference: same weights as a plain SGD step
import torch
from torch import nn

torch.manual_seed(0)
backbone = nn.Linear(4, 8)
actor = nn.Sequential(backbone, nn.ReLU(), nn.Linear(8, 2))
critic = nn.Sequential(backbone, nn.ReLU(), nn.Linear(8, 1))

# one module holding both: its parameters() gives the shared backbone once
params = list(nn.ModuleList([actor, critic]).parameters())
print("tensors in the group:", len(params))
opt = torch.optim.SGD(params, lr=0.1)
x = torch.randn(5, 4)
loss = actor(x).pow(2).mean() + critic(x).pow(2).mean()
loss.backward()
before = [p.detach().clone() for p in params]
opt.step()

# The reference: the SGD update written out, each weight minus lr times its own gradient, once.
same = all(p.grad is not None and torch.allclose(p.detach(), b - 0.1 * p.grad) for p, b in zip(params, before))
print("same weights as a plain SGD step:", same)

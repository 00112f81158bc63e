# reference: same weights as SGD written out by hand
import torch
from torch import nn
from torch.optim.optimizer import Optimizer, required

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
x, y = torch.randn(16, 4), torch.randn(16, 2)
start = [p.detach().clone() for p in model.parameters()]
head = list(model[2].parameters())
rest = list(model[0].parameters())


class SGDW(Optimizer):
    """A repository's own SGD with decoupled weight decay, written like torch's SGD of 2.1."""

    def __init__(self, params, lr=required, weight_decay=0.0):
        super().__init__(params, dict(lr=lr, weight_decay=weight_decay))

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            for p in group["params"]:
                p.mul_(1 - group["lr"] * group["weight_decay"]).add_(p.grad, alpha=-group["lr"])


# lr= is the default for every group that does not set its own
opt = SGDW([{"params": head, "lr": 0.1}, {"params": rest}], lr=0.01, weight_decay=1e-4)
print("lr per group:", [group["lr"] for group in opt.param_groups])
for _ in range(3):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()

# The reference: the same three steps written out by hand, each tensor with its group's rate.
ref = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
with torch.no_grad():
    for q, s in zip(ref.parameters(), start):
        q.copy_(s)
rates = {id(q): (0.1 if i >= 2 else 0.01) for i, q in enumerate(ref.parameters())}
for _ in range(3):
    grads = torch.autograd.grad(nn.functional.mse_loss(ref(x), y), list(ref.parameters()))
    with torch.no_grad():
        for q, g in zip(ref.parameters(), grads):
            lr = rates[id(q)]
            q.mul_(1 - lr * 1e-4).sub_(lr * g)
same = all(torch.allclose(p, q, atol=1e-7) for p, q in zip(model.parameters(), ref.parameters()))
print("same weights as SGD written out by hand:", same)

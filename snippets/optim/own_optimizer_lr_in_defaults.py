# reference: weights of proximal SGD stepped by hand at CosineAnnealingLR's rates
import math

import torch
from torch import nn


class ProxSGD(torch.optim.Optimizer):
    """SGD with a proximal term that pulls the weights toward a global copy (FedProx)."""

    def __init__(self, params, lr, mu=0.01):
        # 'lr' in the defaults: every group gets one, and a scheduler writes it there.
        super().__init__(params, dict(lr=lr, mu=mu))

    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                p.add_(p.grad + group["mu"] * p, alpha=-group["lr"])


torch.manual_seed(0)
model = nn.Linear(4, 1)
start = [p.detach().clone() for p in model.parameters()]
opt = ProxSGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=4)
x, y = torch.randn(8, 4), torch.randn(8, 1)
used = []
for epoch in range(4):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    used.append(opt.param_groups[0]["lr"])  # what the step reads
    opt.step()
    scheduler.step()
print("learning rates used:", [f"{lr:.4f}" for lr in used])

# The reference: the same steps by hand, at the cosine schedule's closed-form rates.
weights = [w.clone().requires_grad_() for w in start]
for epoch in range(4):
    lr = 0.1 * (1 + math.cos(math.pi * epoch / 4)) / 2
    loss = nn.functional.mse_loss(x @ weights[0].T + weights[1], y)
    grads = torch.autograd.grad(loss, weights)
    with torch.no_grad():
        for w, g in zip(weights, grads):
            w.sub_(lr * (g + 0.01 * w))
same = all(torch.allclose(p, w) for p, w in zip(model.parameters(), weights))
print("weights of proximal SGD stepped by hand at CosineAnnealingLR's rates:", same)

# reference: learning rates the optimizer used as StepLR's formula gives them
# graph: loss
import torch
from torch import nn


class LayerwiseTrust:
    """A LARC-style wrapper: scales each parameter's gradient by a trust ratio, then steps the optimizer it holds."""

    def __init__(self, optimizer, trust=0.02):
        self.optim = optimizer
        self.trust = trust

    @property
    def param_groups(self):
        return self.optim.param_groups

    def zero_grad(self):
        self.optim.zero_grad()

    @torch.no_grad()
    def step(self):
        for group in self.optim.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.grad.mul_(self.trust * p.norm() / (p.grad.norm() + 1e-12))
        self.optim.step()


torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
optimizer = LayerwiseTrust(optimizer)
# The scheduler gets the optimizer the wrapper holds, which is the one that steps, so it
# uses every learning rate the scheduler sets.
scheduler = torch.optim.lr_scheduler.StepLR(optimizer.optim, step_size=2, gamma=0.5)
x, y = torch.randn(8, 4), torch.randn(8, 1)

used = []
for epoch in range(6):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    used.append(optimizer.optim.param_groups[0]["lr"])  # what the SGD step reads
    optimizer.step()
    scheduler.step()
print("learning rates used:", [f"{lr:.4f}" for lr in used])

# The reference: StepLR's closed form, 0.1 halved every 2 epochs.
planned = [0.1 * 0.5 ** (epoch // 2) for epoch in range(6)]
same = all(abs(u - p) < 1e-12 for u, p in zip(used, planned)) and len(used) == 6
print("learning rates the optimizer used as StepLR's formula gives them:", same)

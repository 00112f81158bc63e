# raises: TypeError
# fixed-by: optim/scheduler_on_wrapped_optimizer
# cause: the scheduler is built on an object that wraps the optimizer (LARC, a framework's or DeepSpeed's optimizer wrapper) and is not itself a torch.optim.Optimizer, often because the optimizer variable was reassigned to the wrapper before the scheduler was made
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
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.5)
x, y = torch.randn(8, 4), torch.randn(8, 1)

for epoch in range(6):
    optimizer.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    optimizer.step()
    scheduler.step()

# reference: learning rates the SGD step used as StepLR's formula gives them
import torch
from torch import nn


class Averaged(torch.optim.Optimizer):
    """Steps the optimizer it holds, then keeps a running average of the weights."""

    def __init__(self, params, opt, decay=0.9):
        super().__init__(params, dict(decay=decay))  # its own groups: decay, no lr
        self.opt = opt
        self.average = [p.detach().clone() for p in self.param_groups[0]["params"]]

    @torch.no_grad()
    def step(self, closure=None):
        self.opt.step()
        for group in self.param_groups:
            for p, avg in zip(group["params"], self.average):
                avg.mul_(group["decay"]).add_(p, alpha=1 - group["decay"])


torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
opt = Averaged(model.parameters(), opt)
# The rate lives in the groups of the optimizer the wrapper holds: schedule that one.
scheduler = torch.optim.lr_scheduler.StepLR(opt.opt, step_size=2, gamma=0.5)
x, y = torch.randn(8, 4), torch.randn(8, 1)

used = []
for epoch in range(6):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    used.append(opt.opt.param_groups[0]["lr"])  # what the SGD step reads
    opt.step()
    scheduler.step()
print("learning rates used:", [f"{lr:.4f}" for lr in used])

# The reference: StepLR's closed form, 0.1 halved every 2 epochs.
planned = [0.1 * 0.5 ** (epoch // 2) for epoch in range(6)]
same = len(used) == 6 and all(abs(u - p) < 1e-12 for u, p in zip(used, planned))
print("learning rates the SGD step used as StepLR's formula gives them:", same)

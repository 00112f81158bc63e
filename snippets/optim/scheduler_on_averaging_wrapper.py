# raises: KeyError
# fixed-by: optim/scheduler_on_averaging_wrapper_inner
# cause: the scheduler is built on a wrapper that subclasses torch.optim.Optimizer with parameter groups of its own (a distributed or averaging wrapper, as cherry's), whose settings hold no 'lr'; the learning rate lives in the optimizer it holds
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
print("an Optimizer:", isinstance(opt, torch.optim.Optimizer), "| group keys:", sorted(opt.param_groups[0]))
scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)

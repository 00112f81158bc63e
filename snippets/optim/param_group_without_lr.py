# raises: ValueError
# fixed-by: optim/param_group_lr_as_default
# cause: an optimizer whose learning rate has no default (torch.optim.SGD up to 2.1, or a repository's own optimizer written like it with lr=required) is built without one: a parameter group with no 'lr' and no lr= argument to fall back on
import torch
from torch import nn
from torch.optim.optimizer import Optimizer, required

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
head = list(model[2].parameters())
rest = list(model[0].parameters())
# torch.optim.SGD, the same two groups and no lr= argument
try:
    opt = torch.optim.SGD([{"params": head, "lr": 0.1}, {"params": rest}])
    print("torch.optim.SGD, lr of the group without one:", opt.param_groups[1]["lr"])
except ValueError as error:  # caught, to show what each release does with the same line
    print("torch.optim.SGD: ValueError:", error)


class SGDW(Optimizer):
    """A repository's own SGD with decoupled weight decay, written like torch's SGD of 2.1."""

    def __init__(self, params, lr=required, weight_decay=0.0):
        super().__init__(params, dict(lr=lr, weight_decay=weight_decay))

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            for p in group["params"]:
                p.mul_(1 - group["lr"] * group["weight_decay"]).add_(p.grad, alpha=-group["lr"])


opt = SGDW([{"params": head, "lr": 0.1}, {"params": rest}], weight_decay=1e-4)

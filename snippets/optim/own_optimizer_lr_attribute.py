# raises: KeyError
# fixed-by: optim/own_optimizer_lr_in_defaults
# cause: a repository's own optimizer (a FedProx or line-search optimizer, a learning-rate-free one) keeps its step size as an attribute or under another key, not as 'lr' in its defaults, and a scheduler is built on it
import torch
from torch import nn


class ProxSGD(torch.optim.Optimizer):
    """SGD with a proximal term that pulls the weights toward a global copy (FedProx)."""

    def __init__(self, params, lr, mu=0.01):
        self.lr = lr  # kept on the object, not in the groups
        super().__init__(params, dict(mu=mu))

    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                p.add_(p.grad + group["mu"] * p, alpha=-self.lr)


torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = ProxSGD(model.parameters(), lr=0.1)
print("group keys:", sorted(opt.param_groups[0]))
scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=4)

# raises: AttributeError
# fixed-by: optim/lookahead_with_base_init
# cause: a Lookahead wrapper written for PyTorch 1.x subclasses Optimizer and borrows the held optimizer's param_groups and defaults instead of calling `Optimizer.__init__`; from 2.0 Optimizer's zero_grad() wraps the class's step() in the step-hook runner, which reads hook dictionaries only `Optimizer.__init__` creates
# min-torch: 2.0
from collections import defaultdict

import torch
from torch import nn


class Lookahead(torch.optim.Optimizer):
    """Every k steps, moves slow weights a fraction alpha toward the fast ones and restarts from them."""

    def __init__(self, optimizer, k=3, alpha=0.5):
        # The 1.x recipe: borrow what Optimizer's methods read, and never call Optimizer.__init__.
        self.optimizer = optimizer
        self.param_groups = optimizer.param_groups
        self.defaults = optimizer.defaults
        self.state = defaultdict(dict)
        self.k, self.alpha, self.steps = k, alpha, 0
        for group in self.param_groups:
            for p in group["params"]:
                self.state[p]["slow"] = p.detach().clone()

    @torch.no_grad()
    def step(self, closure=None):
        loss = self.optimizer.step(closure)
        self.steps += 1
        if self.steps % self.k == 0:
            for group in self.param_groups:
                for p in group["params"]:
                    slow = self.state[p]["slow"]
                    slow.add_(p - slow, alpha=self.alpha)
                    p.copy_(slow)
        return loss


torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = Lookahead(torch.optim.SGD(model.parameters(), lr=0.1))
x, y = torch.randn(8, 4), torch.randn(8, 1)

for step in range(6):
    optimizer.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    print(f"step {step}: backward done")
    optimizer.step()

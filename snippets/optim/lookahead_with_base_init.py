# reference: same weights as SGD with the slow-weight update written out by hand
import copy

import torch
from torch import nn


class Lookahead(torch.optim.Optimizer):
    """Every k steps, moves slow weights a fraction alpha toward the fast ones and restarts from them."""

    def __init__(self, optimizer, k=3, alpha=0.5):
        # Optimizer.__init__ makes every attribute Optimizer's methods read, the step hooks
        # of 2.0 and later included. Given the held optimizer's groups, it keeps those very
        # dicts, so a scheduler's rates reach the optimizer that steps.
        super().__init__(optimizer.param_groups, optimizer.defaults)
        self.optimizer = optimizer
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
reference = copy.deepcopy(model)
optimizer = Lookahead(torch.optim.SGD(model.parameters(), lr=0.1))
x, y = torch.randn(8, 4), torch.randn(8, 1)

for step in range(6):
    optimizer.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    optimizer.step()
print("steps taken:", optimizer.steps, "| slow-weight updates:", optimizer.steps // optimizer.k)

# The reference: plain SGD on a copy of the model, and every third step the slow weights
# moved halfway toward the fast ones, written out in the loop.
sgd = torch.optim.SGD(reference.parameters(), lr=0.1)
slow = [p.detach().clone() for p in reference.parameters()]
for step in range(6):
    sgd.zero_grad()
    nn.functional.mse_loss(reference(x), y).backward()
    sgd.step()
    if (step + 1) % 3 == 0:
        with torch.no_grad():
            for p, s in zip(reference.parameters(), slow):
                s += 0.5 * (p - s)
                p.copy_(s)
same = all(torch.allclose(a, b, atol=1e-6) for a, b in zip(model.parameters(), reference.parameters()))
print("same weights as SGD with the slow-weight update written out by hand:", same)

# reference: same weights as clipping by hand and SGD at StepLR's rates
import copy

import torch
from torch import nn


class ClipThenStep(torch.optim.Optimizer):
    """Clips each parameter's gradient to a norm, then steps the optimizer it holds (AGC-style)."""

    def __init__(self, optimizer, max_norm=0.5):
        # Optimizer.__init__ sets what schedulers and Optimizer's methods read. Given the held
        # optimizer's groups, the wrapper's groups are those very dicts: a rate written into
        # one is the rate the held optimizer steps with.
        super().__init__(optimizer.param_groups, optimizer.defaults)
        self.optimizer = optimizer
        self.max_norm = max_norm

    @torch.no_grad()
    def step(self, closure=None):
        for group in self.optimizer.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.grad.mul_((self.max_norm / (p.grad.norm() + 1e-6)).clamp(max=1.0))
        return self.optimizer.step(closure)


torch.manual_seed(0)
model = nn.Linear(4, 1)
reference = copy.deepcopy(model)
optimizer = ClipThenStep(torch.optim.SGD(model.parameters(), lr=0.1))
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.5)
x, y = torch.randn(8, 4), torch.randn(8, 1) * 10  # far targets: large gradients, clipped

used = []
for epoch in range(6):
    optimizer.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    used.append(optimizer.optimizer.param_groups[0]["lr"])  # what the SGD step reads
    optimizer.step()
    scheduler.step()
print("learning rates used:", [f"{lr:.4f}" for lr in used])

# The reference: a plain SGD on a copy of the model, each gradient clipped by
# clip_grad_norm_, and the rate set by StepLR's closed form, 0.1 halved every 2 epochs.
sgd = torch.optim.SGD(reference.parameters(), lr=0.1)
for epoch in range(6):
    sgd.zero_grad()
    nn.functional.mse_loss(reference(x), y).backward()
    for p in reference.parameters():
        nn.utils.clip_grad_norm_([p], max_norm=0.5)
    sgd.param_groups[0]["lr"] = 0.1 * 0.5 ** (epoch // 2)
    sgd.step()
same = all(torch.allclose(a, b, atol=1e-6) for a, b in zip(model.parameters(), reference.parameters()))
print("same weights as clipping by hand and SGD at StepLR's rates:", same)

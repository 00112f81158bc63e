# raises: AttributeError
# fixed-by: optim/clipping_wrapper_with_base_init
# cause: an optimizer wrapper (gradient clipping such as AGC, an EMA or SWA wrapper) subclasses torch.optim.Optimizer so that schedulers and trainers accept it, but its `__init__` never calls `Optimizer.__init__`, so param_groups, defaults and state, which that `__init__` sets, are missing when a scheduler or Optimizer's own methods read them
import torch
from torch import nn


class ClipThenStep(torch.optim.Optimizer):
    """Clips each parameter's gradient to a norm, then steps the optimizer it holds (AGC-style)."""

    def __init__(self, optimizer, max_norm=0.5):
        self.optimizer = optimizer
        self.max_norm = max_norm  # and nothing else: Optimizer.__init__ is never called

    @torch.no_grad()
    def step(self, closure=None):
        for group in self.optimizer.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.grad.mul_((self.max_norm / (p.grad.norm() + 1e-6)).clamp(max=1.0))
        return self.optimizer.step(closure)


torch.manual_seed(0)
model = nn.Linear(4, 1)
optimizer = ClipThenStep(torch.optim.SGD(model.parameters(), lr=0.1))
print("an Optimizer:", isinstance(optimizer, torch.optim.Optimizer))
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.5)

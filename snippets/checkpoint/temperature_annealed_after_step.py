import warnings

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

# PyTorch 2.4.1's own checkpoint code calls an API that release deprecated, and warns
# about it in backward; nothing in this code could avoid that warning
warnings.filterwarnings("ignore", r".*torch\.cpu\.amp\.autocast", FutureWarning)


class AnnealedSoftmax(nn.Module):
    """Scores whose softmax temperature falls by 0.1 with every training step."""

    def __init__(self, dim=4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.steps = 0
        self.temperature = 1.0

    def forward(self, x):
        # reads the temperature, never changes it: a recomputation uses the forward's value
        return torch.softmax(self.proj(x) / self.temperature, dim=-1)

    def step(self):
        """Once per training step, outside forward: anneal the temperature."""
        self.steps += 1
        self.temperature = max(0.5, 1.0 - 0.1 * self.steps)


def weight_grad(use_reentrant=None):
    """One step of a fresh block: checkpointed with `use_reentrant`, or plain when None."""
    torch.manual_seed(1)
    block = AnnealedSoftmax().double()
    block.step()  # the training loop advances the schedule before this step's forward
    out = block(x) if use_reentrant is None else checkpoint(block, x, use_reentrant=use_reentrant)
    (out - target).pow(2).sum().backward()
    return block.proj.weight.grad


torch.manual_seed(0)
x = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
target = torch.rand(3, 4, dtype=torch.float64)

true_grad = weight_grad()
for use_reentrant in (False, True):
    grad = weight_grad(use_reentrant)
    print(f"use_reentrant={use_reentrant}: ".ljust(22) + "checkpointed grad == true grad:",
          torch.allclose(grad, true_grad))

# min-torch: 2.1
import warnings

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

# PyTorch 2.4.1's own checkpoint code calls an API that release deprecated, and warns
# about it in backward; nothing in this code could avoid that warning
warnings.filterwarnings("ignore", r".*torch\.cpu\.amp\.autocast", FutureWarning)


class Block(nn.Module):
    """A refinement layer is switched on after the first step, counted by forward calls."""

    def __init__(self, dim=4):
        super().__init__()
        self.ff, self.refine = nn.Linear(dim, dim), nn.Linear(dim, dim)
        self.calls = 0
        self.refine_calls = 0

    def forward(self, x):
        self.calls += 1  # the recomputation is the second call: it takes the longer path
        h = torch.tanh(self.ff(x))
        if self.calls > 1:
            self.refine_calls += 1
            h = h + torch.tanh(self.refine(h))
        return h


def ff_weight_grad(checkpointed):
    torch.manual_seed(1)
    block = Block()
    out = checkpoint(block, x, use_reentrant=False) if checkpointed else block(x)
    out.pow(2).sum().backward()  # finishes: nothing raised
    return block, block.ff.weight.grad


torch.manual_seed(0)
x = torch.randn(3, 4)
_, true_grad = ff_weight_grad(checkpointed=False)
block, grad = ff_weight_grad(checkpointed=True)
print("calls of forward:", block.calls, "| calls that reached the refinement layer:", block.refine_calls)
print("checkpointed grad == true grad:", torch.allclose(grad, true_grad), "| no error raised")

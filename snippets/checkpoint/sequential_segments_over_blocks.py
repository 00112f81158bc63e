# reference: same gradients as without checkpointing
# min-torch: 2.0
import warnings

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint_sequential

# PyTorch 2.4.1's own checkpoint code calls an API that release deprecated, and warns
# about it in backward; nothing in this code could avoid that warning
warnings.filterwarnings("ignore", r".*torch\.cpu\.amp\.autocast", FutureWarning)

def stage(width, depth):
    return nn.Sequential(*[nn.Sequential(nn.Linear(width, width), nn.Tanh()) for _ in range(depth)])


torch.manual_seed(0)
model = nn.Sequential(stage(8, 4), stage(8, 4))
x = torch.randn(2, 8, requires_grad=True)
blocks = nn.Sequential(*[block for s in model for block in s])  # the 8 blocks, one level
segments = min(4, len(blocks))  # never more segments than functions
print("functions:", len(blocks), "| segments:", segments)
out = checkpoint_sequential(blocks, segments, x, use_reentrant=False)
out.pow(2).sum().backward()
grads = [x.grad] + [p.grad for p in model.parameters()]

# The reference: the same model run without checkpointing.
x.grad = None
model.zero_grad(set_to_none=True)
model(x).pow(2).sum().backward()
same = all(torch.allclose(g, r) for g, r in zip(grads, [x.grad] + [p.grad for p in model.parameters()]))
print("same gradients as without checkpointing:", same)

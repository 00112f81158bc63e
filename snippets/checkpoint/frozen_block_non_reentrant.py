# reference: same gradients as without checkpointing
import warnings

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

# PyTorch 2.4.1's own checkpoint code calls an API that release deprecated, and warns
# about it in backward; nothing in this code could avoid that warning
warnings.filterwarnings("ignore", r".*torch\.cpu\.amp\.autocast", FutureWarning)

torch.manual_seed(0)
blocks = nn.ModuleList(nn.Sequential(nn.Linear(8, 8), nn.Tanh()) for _ in range(3))
head = nn.Linear(8, 1)
for block in blocks[:2]:
    block.requires_grad_(False)  # fine-tune the last block and the head only

x = torch.randn(4, 8)
h = x
for i, block in enumerate(blocks):
    h = checkpoint(block, h, use_reentrant=False)  # no dummy: it tracks the parameters itself
    print(f"block {i} output requires grad:", h.requires_grad)
head(h).pow(2).mean().backward()
trained = [p for p in [*blocks.parameters(), *head.parameters()] if p.requires_grad]
grads = [p.grad.clone() for p in trained]

# The reference: the same model run without checkpointing.
for p in trained:
    p.grad = None
h = x
for block in blocks:
    h = block(h)
head(h).pow(2).mean().backward()
same = all(torch.allclose(g, p.grad) for g, p in zip(grads, trained))
print("same gradients as without checkpointing:", same)

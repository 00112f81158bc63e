# raises: RuntimeError
# fixed-by: checkpoint/frozen_block_non_reentrant
# cause: every block is checkpointed with use_reentrant=True and given a dummy tensor that requires grad, so that checkpoint's output requires grad, but a block whose parameters are frozen returns nothing that depends on a tensor requiring grad when it is recomputed
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


def run(block, h, dummy):
    return block(h)  # the dummy is only there to make checkpoint's output require grad


dummy = torch.ones(1, requires_grad=True)
h = torch.randn(4, 8)
for i, block in enumerate(blocks):
    h = checkpoint(run, block, h, dummy, use_reentrant=True)
    print(f"block {i} output requires grad:", h.requires_grad)
head(h).pow(2).mean().backward()

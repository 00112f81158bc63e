# raises: ValueError
# fixed-by: checkpoint/sequential_segments_over_blocks
# cause: checkpoint_sequential is asked for more segments than the Sequential has direct children (its blocks are nested inside a few stages)
# min-torch: 2.0
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint_sequential


def stage(width, depth):
    return nn.Sequential(*[nn.Sequential(nn.Linear(width, width), nn.Tanh()) for _ in range(depth)])


torch.manual_seed(0)
model = nn.Sequential(stage(8, 4), stage(8, 4))  # 8 blocks, in 2 stages
x = torch.randn(2, 8, requires_grad=True)
print("direct children:", len(list(model.children())), "| blocks:", sum(len(s) for s in model))
out = checkpoint_sequential(model, 4, x, use_reentrant=False)  # 4 segments of 2 blocks, meant

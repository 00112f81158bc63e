# fixed-by: cuts/checkpoint_frozen_inputs_fixed
# cause: checkpoint(block, h) called without use_reentrant, which runs the reentrant variant
import torch
from torch.utils.checkpoint import checkpoint

torch.manual_seed(0)
block = torch.nn.Linear(8, 8)  # its weights require grad
h = torch.randn(4, 8)  # what a frozen embedding hands over: does not require grad

out = checkpoint(block, h)  # use_reentrant not passed
print(f"{'checkpoint(block, h):':<43} out.requires_grad {out.requires_grad}")
out = checkpoint(block, h, use_reentrant=False)
print(f"{'checkpoint(block, h, use_reentrant=False):':<43} out.requires_grad {out.requires_grad}")

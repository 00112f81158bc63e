# min-torch: 2.2
# reference: same gradients as without the broadcast
import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn

dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"),
                        rank=0, world_size=1)
torch.manual_seed(0)
model = nn.Linear(4, 2)
with torch.no_grad():  # a copy of values between ranks, not part of any computation to differentiate
    for p in model.parameters():
        dist.broadcast(p, src=0)

x = torch.randn(8, 4)
model(x).pow(2).mean().backward()
print("weight.grad:", tuple(model.weight.grad.shape))
dist.destroy_process_group()

# The reference: the same layer, never broadcast (with one process the broadcast changes no value)
torch.manual_seed(0)
plain = nn.Linear(4, 2)
plain(x).pow(2).mean().backward()
same = all(p.grad is not None and torch.allclose(p.grad, q.grad)
           for p, q in zip(model.parameters(), plain.parameters()))
print("same gradients as without the broadcast:", same)

# reference: same gradients as without DDP
import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"),
                        rank=0, world_size=1)


def build():
    return nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 2))


torch.manual_seed(0)
model = DDP(build())  # broadcast_buffers=True, the default
x = torch.randn(6, 4)
# DDP's own forward sends rank 0's buffers to every rank before it runs the model, on
# every release: no private call is needed
model(x).pow(2).sum().backward()
print("running mean updated:", bool(model.module[1].running_mean.abs().sum() > 0))

# The reference: the same network, drawn again from the same seed, without DDP.
torch.manual_seed(0)
plain = build()
plain(x).pow(2).sum().backward()
same = all(p.grad is not None and torch.allclose(p.grad, q.grad)
           for p, q in zip(model.module.parameters(), plain.parameters()))
print("same gradients as without DDP:", same)

del model  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

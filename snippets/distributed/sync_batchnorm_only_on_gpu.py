# reference: same gradients as without DDP
import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"),
                        rank=0, world_size=1)
torch.manual_seed(0)


def build():
    return nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 2))


device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
model = build().to(device)
# SyncBatchNorm computes its statistics across GPUs; on the CPU keep BatchNorm
if device.type == "cuda":
    model = nn.SyncBatchNorm.convert_sync_batchnorm(model)
print("norm layer:", type(model[1]).__name__)
model = DDP(model)
x = torch.randn(6, 4, device=device)
model(x).pow(2).sum().backward()

# The reference: the same network, drawn again from the same seed, without DDP.
torch.manual_seed(0)
plain = build().to(device)
plain(x).pow(2).sum().backward()
same = all(p.grad is not None and torch.allclose(p.grad, q.grad)
           for p, q in zip(model.module.parameters(), plain.parameters()))
print("same gradients as without DDP:", same)

del model  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

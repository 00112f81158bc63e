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
model = DDP(nn.Linear(4, 2))  # the process group exists now: DDP finds it
model(torch.randn(3, 4)).sum().backward()
print("weight.grad", model.module.weight.grad)

# The reference: the same layer and input, drawn again from the same seed, without DDP.
torch.manual_seed(0)
plain = nn.Linear(4, 2)
plain(torch.randn(3, 4)).sum().backward()
same = all(p.grad is not None and torch.allclose(p.grad, q.grad)
           for p, q in zip(model.module.parameters(), plain.parameters()))
print("same gradients as without DDP:", same)

del model  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

import copy
import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"),
                        rank=0, world_size=1)
torch.manual_seed(0)

group = dist.new_group(ranks=[0])
model = DDP(nn.Linear(4, 2), process_group=group)
# copy (or save) the module DDP wraps, not the wrapper and its process group
ema = copy.deepcopy(model.module)
print("copied:", type(ema).__name__)
print("same weights:", all(torch.equal(p, q) for p, q in zip(ema.parameters(), model.module.parameters())))
print("separate tensors:", all(p.data_ptr() != q.data_ptr() for p, q in zip(ema.parameters(), model.module.parameters())))

del model  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

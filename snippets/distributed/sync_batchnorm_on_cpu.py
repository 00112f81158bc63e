# raises: ValueError
# fixed-by: distributed/sync_batchnorm_only_on_gpu
# cause: a training script converts its BatchNorm layers to SyncBatchNorm and wraps the model in DDP on the CPU (a run without GPUs, or a trainer that fell back to the CPU)
import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"), rank=0, world_size=1)
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 2))
model = nn.SyncBatchNorm.convert_sync_batchnorm(model)  # the multi-GPU recipe's line
print("norm layer:", type(model[1]).__name__, "| parameters on:", next(model.parameters()).device)
try:
    model = DDP(model)
finally:
    dist.destroy_process_group()  # a notebook runs the next example in this same process

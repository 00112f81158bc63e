# raises: AttributeError
# fixed-by: distributed/buffers_synced_by_forward
# cause: code written for PyTorch 1.10 or older (a training library's DDP subclass, a repository's training step) calls a private method of DDP that later releases removed, _sync_params
import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"),
                        rank=0, world_size=1)
torch.manual_seed(0)

model = DDP(nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 2)))
x = torch.randn(6, 4)
try:
    # a training step written for 1.10: send rank 0's buffers (the norm's running statistics)
    # to every rank, then run the model's own forward
    model._sync_params()
    loss = model.module(x).pow(2).sum()
finally:
    del model
    dist.destroy_process_group()  # a notebook runs the next example in this same process

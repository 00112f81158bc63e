# raises: ValueError
# fixed-by: distributed/device_ids_only_on_gpu
# cause: device_ids=[local_rank] passed to DDP for a model that is on the CPU (a CPU-only run, or a model never moved to its GPU)
import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"), rank=0, world_size=1)
torch.manual_seed(0)

local_rank = int(os.environ.get("LOCAL_RANK", 0))  # torchrun sets it; 0 for one process
device = torch.device(f"cuda:{local_rank}" if torch.cuda.is_available() else "cpu")
model = nn.Linear(4, 2).to(device)
print("model on:", next(model.parameters()).device)
try:
    model = DDP(model, device_ids=[local_rank])  # the line from a GPU training script
finally:
    dist.destroy_process_group()  # a notebook runs the next example in this same process

# raises: ValueError
# fixed-by: distributed/device_ids_only_on_gpu
# cause: every GPU of the machine is passed to DDP in device_ids, as nn.DataParallel takes them, instead of the one GPU of the process
import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"), rank=0, world_size=1)
torch.manual_seed(0)

device_ids = [0, 1, 2, 3]  # the machine's four GPUs, the list nn.DataParallel takes
model = nn.Linear(4, 2)
try:
    model = DDP(model, device_ids=device_ids)
finally:
    dist.destroy_process_group()  # a notebook runs the next example in this same process

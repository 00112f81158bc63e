# raises: ValueError (RuntimeError before 2.2)
# fixed-by: distributed/ddp_after_init_process_group
# cause: a model wrapped in DistributedDataParallel before (or without) dist.init_process_group
import torch
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

torch.manual_seed(0)
model = DDP(nn.Linear(4, 2))

# raises: RuntimeError
# fixed-by: distributed/pickle_module_not_wrapper
# cause: a model wrapped in DDP with a process group of its own (process_group=dist.new_group(...)) is copied with copy.deepcopy or saved whole with torch.save, which pickles the wrapper
import copy
import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"), rank=0, world_size=1)
torch.manual_seed(0)

group = dist.new_group(ranks=[0])  # the ranks this model's gradients are averaged over
model = DDP(nn.Linear(4, 2), process_group=group)
try:
    ema = copy.deepcopy(model)  # an averaged copy of the weights, for evaluation
finally:
    del model
    dist.destroy_process_group()  # a notebook runs the next example in this same process

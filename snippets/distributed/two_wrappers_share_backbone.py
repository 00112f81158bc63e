# raises: RuntimeError
# fixed-by: distributed/one_wrapper_for_shared_backbone
# cause: two DDP wrappers built with gradient_as_bucket_view=True share a module (an actor and a critic on one backbone, a generator and a discriminator with a common encoder), so each of its parameters belongs to two reducers, and the second points the gradient at its own bucket
import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"),
                        rank=0, world_size=1)
torch.manual_seed(0)

backbone = nn.Linear(4, 8)  # one encoder under both heads
actor = DDP(nn.Sequential(backbone, nn.Linear(8, 2)), gradient_as_bucket_view=True)
critic = DDP(nn.Sequential(backbone, nn.Linear(8, 1)), gradient_as_bucket_view=True)

x = torch.randn(3, 4)
loss = actor(x).pow(2).mean() + critic(x).pow(2).mean()
try:
    loss.backward()
finally:
    del actor, critic
    dist.destroy_process_group()  # a notebook runs the next example in this same process

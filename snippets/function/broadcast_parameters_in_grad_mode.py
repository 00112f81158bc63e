# fixed-by: function/broadcast_parameters_no_grad
# cause: a training library syncs the parameters across ranks with dist.broadcast in grad mode before training (DeepSpeed's engine at start-up, before its fix), so backward meets the in-place collective c10d::broadcast_, which has no autograd kernel
# min-torch: 2.2
import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn

dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"),
                        rank=0, world_size=1)
torch.manual_seed(0)
model = nn.Linear(4, 2)
for p in model.parameters():  # every rank starts from rank 0's weights
    dist.broadcast(p, src=0)

x = torch.randn(8, 4)
model(x).pow(2).mean().backward()
print("weight.grad:", tuple(model.weight.grad.shape))
dist.destroy_process_group()

import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"),
                        rank=0, world_size=1)
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))  # forward uses every layer
model = DDP(model)  # every parameter gets a gradient, so DDP needs no search for unused ones
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 8), torch.randint(0, 3, (16,))
for step in range(2):
    loss = nn.functional.cross_entropy(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"step {step}: every parameter got a gradient:", all(p.grad is not None for p in model.parameters()))
del model  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

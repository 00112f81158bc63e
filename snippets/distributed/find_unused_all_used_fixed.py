# reference: same gradients and weights as without DDP
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

# The reference: the same two steps on the same model, built again from the same seed, without DDP.
torch.manual_seed(0)
plain = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))
plain_opt = torch.optim.SGD(plain.parameters(), lr=0.1)
for step in range(2):
    plain_opt.zero_grad()
    nn.functional.cross_entropy(plain(x), y).backward()
    plain_opt.step()
same = all(p.grad is not None and torch.allclose(p.grad, q.grad) and torch.allclose(p, q)
           for p, q in zip(model.module.parameters(), plain.parameters()))
print("same gradients and weights as without DDP:", same)

del model  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

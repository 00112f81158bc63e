# reference: same gradients and weights as without DDP
import contextlib
import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

# A world of one process stands for one rank of a torchrun job; this rendezvous serves one process only.
dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"),
                        rank=0, world_size=1)
torch.manual_seed(0)
# no static_graph: DDP finds out at each backward which gradients to wait for, no_sync() or not
model = DDP(nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1)))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(4, 8, 8), torch.randn(4, 8, 1)
accumulation_steps = 2
for i in range(4):
    last_micro_batch = (i + 1) % accumulation_steps == 0
    # gradients are all-reduced only on the last micro-batch of each step
    with model.no_sync() if not last_micro_batch else contextlib.nullcontext():
        loss = nn.functional.mse_loss(model(x[i]), y[i]) / accumulation_steps
        loss.backward()
    print(f"micro-batch {i}: backward done, {'all-reduced' if last_micro_batch else 'kept local'}")
    if last_micro_batch:
        grads = [p.grad.clone() for p in model.module.parameters()]
        opt.step()
        opt.zero_grad()

# The reference: the same two steps on the same model, built again from the same seed, without DDP.
torch.manual_seed(0)
plain = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
plain_opt = torch.optim.SGD(plain.parameters(), lr=0.1)
for i in range(4):
    (nn.functional.mse_loss(plain(x[i]), y[i]) / accumulation_steps).backward()
    if (i + 1) % accumulation_steps == 0:
        plain_grads = [p.grad.clone() for p in plain.parameters()]
        plain_opt.step()
        plain_opt.zero_grad()
same = all(torch.allclose(g, h) for g, h in zip(grads, plain_grads)) and all(
    torch.allclose(p, q) for p, q in zip(model.module.parameters(), plain.parameters())
)
print("same gradients and weights as without DDP:", same)

del model  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

# raises: RuntimeError
# fixed-by: distributed/accumulate_no_sync_dynamic_graph
# cause: static_graph=True with gradient accumulation whose first backward runs inside no_sync(), so DDP never records the graph it is told is static
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
model = DDP(nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1)), static_graph=True)
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
        opt.step()
        opt.zero_grad()
del model  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

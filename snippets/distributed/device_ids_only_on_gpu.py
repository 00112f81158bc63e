# reference: same gradients as without DDP
import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"),
                        rank=0, world_size=1)
torch.manual_seed(0)

local_rank = int(os.environ.get("LOCAL_RANK", 0))  # torchrun sets it; 0 for one process
device = torch.device(f"cuda:{local_rank}" if torch.cuda.is_available() else "cpu")
model = nn.Linear(4, 2).to(device)
print("model on:", next(model.parameters()).device)
# device_ids names the one GPU of a model on a GPU; a CPU model takes none
model = DDP(model, device_ids=[local_rank] if device.type == "cuda" else None)
x = torch.randn(3, 4, device=device)
model(x).pow(2).sum().backward()

# The reference: the same layer, drawn again from the same seed, without DDP.
torch.manual_seed(0)
plain = nn.Linear(4, 2).to(device)
plain(x).pow(2).sum().backward()
same = all(p.grad is not None and torch.allclose(p.grad, q.grad)
           for p, q in zip(model.module.parameters(), plain.parameters()))
print("same gradients as without DDP:", same)

del model  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

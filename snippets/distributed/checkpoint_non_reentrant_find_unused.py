# reference: same gradients as without DDP and checkpointing
import os
import tempfile
import warnings

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP
from torch.utils.checkpoint import checkpoint

# PyTorch 2.4.1's own checkpoint code calls an API that release deprecated, and warns
# about it in backward; nothing in this code could avoid that warning
warnings.filterwarnings("ignore", r".*torch\.cpu\.amp\.autocast", FutureWarning)

dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"),
                        rank=0, world_size=1)
torch.manual_seed(0)


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Sequential(nn.Linear(8, 8), nn.GELU()) for _ in range(2))
        self.head = nn.Linear(8, 1)
        self.pooler = nn.Linear(8, 8)  # used only for another task: why find_unused_parameters=True

    def forward(self, x):
        for block in self.blocks:
            x = checkpoint(block, x, use_reentrant=False)
        return self.head(x)


model = DDP(Encoder(), find_unused_parameters=True)
x = torch.randn(4, 8)
loss = model(x).pow(2).mean()
loss.backward()
for name, p in model.module.named_parameters():
    print(name, "no grad" if p.grad is None else f"grad norm {p.grad.norm().item():.4f}")

# The reference: the same encoder, built again from the same seed, run plainly: no DDP and no
# checkpoint. The pooler gets no gradient there either: None matches only None.
torch.manual_seed(0)
plain = Encoder()
h = x
for block in plain.blocks:
    h = block(h)
plain.head(h).pow(2).mean().backward()
same = all(
    p.grad is None and q.grad is None if p.grad is None or q.grad is None else torch.allclose(p.grad, q.grad)
    for p, q in zip(model.module.parameters(), plain.parameters())
)
print("same gradients as without DDP and checkpointing:", same)

del model  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

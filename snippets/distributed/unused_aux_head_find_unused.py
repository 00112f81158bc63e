# reference: same gradients and weights as without DDP
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


class Classifier(nn.Module):
    def __init__(self, use_aux=False):
        super().__init__()
        self.use_aux = use_aux
        self.backbone = nn.Linear(8, 16)
        self.head = nn.Linear(16, 3)
        self.aux_head = nn.Linear(16, 3)  # deep supervision, off in this run

    def forward(self, x):
        features = self.backbone(x).relu()
        if self.use_aux:
            return self.head(features), self.aux_head(features)
        return self.head(features)


# DDP walks the graph after each forward and marks what it did not reach as ready.
model = DDP(Classifier(), find_unused_parameters=True)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 8), torch.randint(0, 3, (16,))
for step in range(2):
    loss = nn.functional.cross_entropy(model(x), y)
    print(f"step {step}: loss {loss.item():.4f}")
    opt.zero_grad()
    loss.backward()
    opt.step()
print("aux_head.weight.grad:", model.module.aux_head.weight.grad)

# The reference: the same two steps on the same model, built again from the same seed, without
# DDP. A parameter forward skips gets no gradient there either: None matches only None.
torch.manual_seed(0)
plain = Classifier()
plain_opt = torch.optim.SGD(plain.parameters(), lr=0.1)
for step in range(2):
    plain_opt.zero_grad()
    nn.functional.cross_entropy(plain(x), y).backward()
    plain_opt.step()
same = all(
    (p.grad is None and q.grad is None if p.grad is None or q.grad is None else torch.allclose(p.grad, q.grad))
    and torch.allclose(p, q)
    for p, q in zip(model.module.parameters(), plain.parameters())
)
print("same gradients and weights as without DDP:", same)

del model  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

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
    def __init__(self):
        super().__init__()
        self.backbone = nn.Linear(8, 16)
        self.head = nn.Linear(16, 3)
        self.aux_head = nn.Linear(16, 3)  # deep supervision, switched on after warm-up

    def forward(self, x):
        features = self.backbone(x).relu()
        return self.head(features), self.aux_head(features)  # both heads, every iteration


# Every iteration uses the same parameters, so the static graph holds; warm-up only weights the aux loss by 0.
model = DDP(Classifier(), static_graph=True)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 8), torch.randint(0, 3, (16,))
warmup_steps = 1
for step in range(3):
    aux_weight = 0.4 if step >= warmup_steps else 0.0
    logits, aux_logits = model(x)
    loss = nn.functional.cross_entropy(logits, y) + aux_weight * nn.functional.cross_entropy(aux_logits, y)
    print(f"step {step}: aux weight {aux_weight}, loss {loss.item():.4f}")
    opt.zero_grad()
    loss.backward()
    opt.step()

# The reference: the same three steps on the same model, built again from the same seed, without DDP,
# with the auxiliary head left out of the warm-up step altogether.
torch.manual_seed(0)
plain = Classifier()
plain_opt = torch.optim.SGD(plain.parameters(), lr=0.1)
for step in range(3):
    logits, aux_logits = plain(x)
    loss = nn.functional.cross_entropy(logits, y)
    if step >= warmup_steps:
        loss = loss + 0.4 * nn.functional.cross_entropy(aux_logits, y)
    plain_opt.zero_grad()
    loss.backward()
    plain_opt.step()
same = all(
    torch.allclose(p.grad, q.grad) and torch.allclose(p, q)
    for p, q in zip(model.module.parameters(), plain.parameters())
)
print("same gradients and weights as without DDP:", same)

del model  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

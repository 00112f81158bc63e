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


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Linear(8, 16)
        self.head = nn.Linear(16, 3)
        self.aux_head = nn.Linear(16, 3)

    def forward(self, x):
        features = self.backbone(x).relu()
        return self.head(features), self.aux_head(features)


model = DDP(Classifier())
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 8), torch.randint(0, 3, (16,))
for step in range(2):
    logits, aux_logits = model(x)
    # every output that forward returns reaches the loss
    loss = nn.functional.cross_entropy(logits, y) + 0.4 * nn.functional.cross_entropy(aux_logits, y)
    print(f"step {step}: loss {loss.item():.4f}")
    opt.zero_grad()
    loss.backward()
    opt.step()
print("aux_head got a gradient:", model.module.aux_head.weight.grad is not None)

# The reference: the same two steps on the same model, built again from the same seed, without DDP.
torch.manual_seed(0)
plain = Classifier()
plain_opt = torch.optim.SGD(plain.parameters(), lr=0.1)
for step in range(2):
    logits, aux_logits = plain(x)
    plain_opt.zero_grad()
    (nn.functional.cross_entropy(logits, y) + 0.4 * nn.functional.cross_entropy(aux_logits, y)).backward()
    plain_opt.step()
same = all(p.grad is not None and torch.allclose(p.grad, q.grad) and torch.allclose(p, q)
           for p, q in zip(model.module.parameters(), plain.parameters()))
print("same gradients and weights as without DDP:", same)

del model  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

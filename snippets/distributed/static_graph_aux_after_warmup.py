# raises: RuntimeError
# fixed-by: distributed/static_graph_aux_zero_weight
# cause: static_graph=True with a head that joins the loss only after the first iteration (an auxiliary loss switched on after warm-up)
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

    def forward(self, x, use_aux):
        features = self.backbone(x).relu()
        if use_aux:
            return self.head(features), self.aux_head(features)
        return self.head(features), None


# static_graph=True: DDP records which parameters the first iteration uses and expects the same set every time.
model = DDP(Classifier(), static_graph=True)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 8), torch.randint(0, 3, (16,))
warmup_steps = 1
for step in range(3):
    use_aux = step >= warmup_steps
    logits, aux_logits = model(x, use_aux)
    loss = nn.functional.cross_entropy(logits, y)
    if use_aux:
        loss = loss + 0.4 * nn.functional.cross_entropy(aux_logits, y)
    print(f"step {step}: aux loss {'on' if use_aux else 'off'}, loss {loss.item():.4f}")
    opt.zero_grad()
    loss.backward()
    opt.step()
del model  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

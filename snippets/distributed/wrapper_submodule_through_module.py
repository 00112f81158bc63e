# reference: same updates as without DDP
import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"),
                        rank=0, world_size=1)


class Classifier(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(8, 16), nn.ReLU())
        self.head = nn.Linear(16, 3)

    def forward(self, x):
        return self.head(self.backbone(x))


def groups(net):
    return [{"params": net.backbone.parameters(), "lr": 0.01}, {"params": net.head.parameters(), "lr": 0.1}]


torch.manual_seed(0)
model = DDP(Classifier())
# the model's own submodules, attributes and methods are on model.module
optimizer = torch.optim.SGD(groups(model.module))
x, y = torch.randn(16, 8), torch.randint(0, 3, (16,))
# the forward still goes through the wrapper: DDP's forward is what sets up the
# averaging of the gradients across ranks during backward
nn.functional.cross_entropy(model(x), y).backward()
optimizer.step()
print("groups:", [len(group["params"]) for group in optimizer.param_groups])

# The reference: the same network, drawn again from the same seed, trained one step without DDP.
torch.manual_seed(0)
plain = Classifier()
reference = torch.optim.SGD(groups(plain))
nn.functional.cross_entropy(plain(x), y).backward()
reference.step()
same = all(torch.allclose(p, q) for p, q in zip(model.module.parameters(), plain.parameters()))
print("same updates as without DDP:", same)

del model  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

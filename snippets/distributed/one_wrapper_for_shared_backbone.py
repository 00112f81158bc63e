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


class ActorCritic(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Linear(4, 8)
        self.actor = nn.Linear(8, 2)
        self.critic = nn.Linear(8, 1)

    def forward(self, x):
        h = self.backbone(x)
        return self.actor(h), self.critic(h)


# one wrapper over everything that trains: each parameter has one reducer and one bucket view
model = DDP(ActorCritic(), gradient_as_bucket_view=True)
x = torch.randn(3, 4)
action, value = model(x)
(action.pow(2).mean() + value.pow(2).mean()).backward()
print("backbone grad norm:", round(model.module.backbone.weight.grad.norm().item(), 4))

# The reference: the same network, built again from the same seed, without DDP.
torch.manual_seed(0)
plain = ActorCritic()
action, value = plain(x)
(action.pow(2).mean() + value.pow(2).mean()).backward()
same = all(torch.allclose(p.grad, q.grad) for p, q in zip(model.module.parameters(), plain.parameters()))
print("same gradients as without DDP:", same)

del model  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

# reference: same gradients as without DDP
import copy
import os
import tempfile
import warnings

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

# PyTorch 1.13 to 2.3 warn that lazy modules are a new feature whenever one is built
warnings.filterwarnings("ignore", r"Lazy modules are a new feature", UserWarning)

dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"),
                        rank=0, world_size=1)
torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.LazyLinear(16), nn.ReLU())
        self.head = nn.Linear(16, 3)
        self.aux = nn.LazyLinear(3)  # an auxiliary loss, used only in training

    def forward(self, x):
        h = self.body(x)
        return (self.head(h), self.aux(h)) if self.training else self.head(h)


model = Net()
x, y = torch.randn(4, 10), torch.randint(0, 3, (4,))
model.train()  # the mode training runs in: every branch, every lazy layer
with torch.no_grad():
    model(x[:2])  # the dummy forward pass: it gives every lazy layer its shape
uninitialized = [name for name, p in model.named_parameters() if isinstance(p, nn.parameter.UninitializedParameter)]
print("still uninitialized:", uninitialized)
plain = copy.deepcopy(model)  # the same weights, for the reference below

model = DDP(model)
out, aux = model(x)
(nn.functional.cross_entropy(out, y) + 0.4 * nn.functional.cross_entropy(aux, y)).backward()
print("aux.weight.grad shape:", tuple(model.module.aux.weight.grad.shape))

# The reference: the same initialized model, copied before wrapping, trained one step without DDP.
out, aux = plain(x)
(nn.functional.cross_entropy(out, y) + 0.4 * nn.functional.cross_entropy(aux, y)).backward()
same = all(p.grad is not None and torch.allclose(p.grad, q.grad)
           for p, q in zip(model.module.parameters(), plain.parameters()))
print("same gradients as without DDP:", same)

del model  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

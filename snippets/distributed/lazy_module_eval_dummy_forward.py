# raises: RuntimeError
# fixed-by: distributed/lazy_module_dummy_forward
# cause: a dummy forward pass run before wrapping that skips a branch of the model, leaving that branch's lazy layer uninitialized
import os
import tempfile
import warnings

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

# PyTorch 1.13 to 2.3 warn that lazy modules are a new feature whenever one is built
warnings.filterwarnings("ignore", r"Lazy modules are a new feature", UserWarning)

dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"), rank=0, world_size=1)
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
model.eval()
with torch.no_grad():
    model(torch.randn(2, 10))  # the dummy forward pass, in eval mode
uninitialized = [name for name, p in model.named_parameters() if isinstance(p, nn.parameter.UninitializedParameter)]
print("still uninitialized:", uninitialized)
try:
    model = DDP(model.train())
finally:
    dist.destroy_process_group()  # a notebook runs the next example in this same process

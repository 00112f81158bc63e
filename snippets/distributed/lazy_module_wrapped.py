# raises: RuntimeError
# fixed-by: distributed/lazy_module_dummy_forward
# cause: a model with lazy layers (nn.LazyLinear, a graph layer given in_channels=-1) wrapped in DDP before any forward pass
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

# the input size is left for the first batch to tell
model = nn.Sequential(nn.LazyLinear(16), nn.ReLU(), nn.LazyLinear(3))
print("first layer's weight:", type(model[0].weight).__name__)
try:
    model = DDP(model)
finally:
    dist.destroy_process_group()  # a notebook runs the next example in this same process

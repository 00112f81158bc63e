# raises: AttributeError
# fixed-by: distributed/wrapper_submodule_through_module
# cause: after wrapping the model in DDP, the training code reaches a submodule, attribute or method of its own model (model.backbone, model.config, model.forward_train) on the wrapper, which has only its own attributes and nn.Module's
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
        self.backbone = nn.Sequential(nn.Linear(8, 16), nn.ReLU())
        self.head = nn.Linear(16, 3)

    def forward(self, x):
        return self.head(self.backbone(x))


model = DDP(Classifier())
try:
    # a smaller learning rate for the pretrained backbone than for the new head
    optimizer = torch.optim.SGD([
        {"params": model.backbone.parameters(), "lr": 0.01},
        {"params": model.head.parameters(), "lr": 0.1},
    ])
finally:
    del model
    dist.destroy_process_group()  # a notebook runs the next example in this same process

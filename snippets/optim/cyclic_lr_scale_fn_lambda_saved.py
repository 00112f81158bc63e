# raises: PicklingError
# fixed-by: optim/cyclic_lr_scale_fn_named
# cause: a CyclicLR built with a lambda as scale_fn is saved: up to 2.1 its state_dict() keeps the function, and the scheduler object keeps it on every release
import io

import torch
from torch import nn

torch.manual_seed(0)

opt = torch.optim.SGD(nn.Linear(4, 1).parameters(), lr=0.1, momentum=0.9)
scheduler = torch.optim.lr_scheduler.CyclicLR(
    opt, base_lr=0.01, max_lr=0.1, step_size_up=2, scale_fn=lambda cycle: 0.5 ** (cycle - 1), scale_mode="cycle"
)
for _ in range(3):
    opt.step()
    scheduler.step()

# the state dict: saved where it leaves the function out
torch.save(scheduler.state_dict(), io.BytesIO())
print("scheduler.state_dict() saved, _scale_fn_custom:", scheduler.state_dict()["_scale_fn_custom"])

# a trainer's checkpoint that holds the scheduler object
torch.save({"scheduler": scheduler}, io.BytesIO())

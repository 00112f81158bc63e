# reference: same gradients as the closed form
# graph: loss
import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"),
                        rank=0, world_size=1)
torch.manual_seed(0)

teacher = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 4))
student = nn.Sequential(nn.Linear(8, 4))
teacher.requires_grad_(False).eval()

# Only the student has gradients to average across ranks. Each rank keeps its own copy of
# the teacher: it is the same on every rank because nothing ever changes it.
student = DDP(student)
x = torch.randn(16, 8)
with torch.no_grad():
    target = teacher(x)
loss = nn.functional.mse_loss(student(x), target)
loss.backward()
print("loss", round(loss.item(), 4))
print("student weight grad norm", round(student.module[0].weight.grad.norm().item(), 4))
print("teacher grads", [p.grad for p in teacher.parameters()])

# The reference: the closed-form gradient of the mean squared error for the student's one
# layer, error = 2 * (prediction - target) / 64: error.T @ x for its weight, summed for its
# bias. The teacher, frozen, gets none.
with torch.no_grad():
    layer = student.module[0]
    error = 2 * (x @ layer.weight.T + layer.bias - target) / target.numel()
grads = [layer.weight.grad, layer.bias.grad]
same = all(g is not None and torch.allclose(g, e) for g, e in zip(grads, [error.T @ x, error.sum(0)]))
print("same gradients as the closed form:", same and all(p.grad is None for p in teacher.parameters()))

del student  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

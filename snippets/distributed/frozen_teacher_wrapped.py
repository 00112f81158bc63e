# raises: RuntimeError
# fixed-by: distributed/frozen_teacher_unwrapped
# cause: a frozen teacher or feature extractor (distillation, perceptual loss) wrapped in DDP like the student
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
teacher.requires_grad_(False).eval()  # pretrained, never trained here

student = DDP(student)
teacher = DDP(teacher)  # every model of the script wrapped the same way
x = torch.randn(16, 8)
loss = nn.functional.mse_loss(student(x), teacher(x))
loss.backward()
del student, teacher  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

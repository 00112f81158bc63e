# raises: RuntimeError
# fixed-by: hooks/grad_wrt_clone_fixed
# cause: autograd.grad asked for the gradient w.r.t. a clone of a weight, made after the forward pass (GradNorm)
import torch
from torch import nn
import torch.nn.functional as F

torch.manual_seed(0)
shared = nn.Linear(4, 8)  # the last shared layer of a two-task model
heads = nn.ModuleList([nn.Linear(8, 1), nn.Linear(8, 1)])
x, targets = torch.randn(16, 4), torch.randn(2, 16, 1)

h = torch.relu(shared(x))
task_losses = [F.mse_loss(head(h), t) for head, t in zip(heads, targets)]

W = shared.weight.clone()  # a copy: the forward pass above never used it
norms = [torch.autograd.grad(loss, W, retain_graph=True)[0].norm() for loss in task_losses]

# reference: same norms as a fresh forward per task
import torch
from torch import nn
import torch.nn.functional as F

torch.manual_seed(0)
shared = nn.Linear(4, 8)  # the last shared layer of a two-task model
heads = nn.ModuleList([nn.Linear(8, 1), nn.Linear(8, 1)])
x, targets = torch.randn(16, 4), torch.randn(2, 16, 1)

h = torch.relu(shared(x))
task_losses = [F.mse_loss(head(h), t) for head, t in zip(heads, targets)]

W = shared.weight  # the tensor the forward pass used
norms = [torch.autograd.grad(loss, W, retain_graph=True)[0].norm() for loss in task_losses]
print("per-task gradient norms:", [round(n.item(), 4) for n in norms])

# The reference: each task's gradient from a fresh forward pass of its own, no retain_graph.
expected = [
    torch.autograd.grad(F.mse_loss(head(torch.relu(shared(x))), t), shared.weight)[0].norm()
    for head, t in zip(heads, targets)
]
print("same norms as a fresh forward per task:", all(torch.allclose(n, e) for n, e in zip(norms, expected)))

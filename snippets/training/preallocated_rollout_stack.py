# reference: same gradients as a plain loop
# graph: loss
import torch
from torch import nn

torch.manual_seed(0)
cell = nn.Linear(4, 4)
steps = 5
state = torch.randn(2, 4)
trajectory = [state]
for t in range(steps):
    state = torch.tanh(cell(state))  # a new tensor each step; nothing is overwritten
    trajectory.append(state)
states = torch.stack(trajectory)  # shape [steps + 1, 2, 4], built once at the end
loss = states[-1].pow(2).sum()
loss.backward()
print("states:", tuple(states.shape), "| cell.weight.grad norm:", round(cell.weight.grad.norm().item(), 4))

# The reference: the last state computed by a plain loop that keeps nothing, from the same start.
last = trajectory[0]
for t in range(steps):
    last = torch.tanh(cell(last))
params = [cell.weight, cell.bias]
expected = torch.autograd.grad(last.pow(2).sum(), params)
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(params, expected))
print("same gradients as a plain loop:", same)

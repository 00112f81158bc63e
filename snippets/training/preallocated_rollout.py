# raises: RuntimeError
# fixed-by: training/preallocated_rollout_stack
# cause: a recurrent rollout writes each step into a preallocated tensor and reads the previous step back from it
import torch
from torch import nn

torch.manual_seed(0)
cell = nn.Linear(4, 4)
steps = 5
states = torch.zeros(steps + 1, 2, 4)  # preallocated: one row per time step
states[0] = torch.randn(2, 4)
for t in range(steps):
    # cell() saves its input, a view of states; the assignment then edits states in place
    states[t + 1] = torch.tanh(cell(states[t]))
loss = states[-1].pow(2).sum()
loss.backward()

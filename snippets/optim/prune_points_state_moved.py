# reference: same points as six steps without pruning, rows kept
import torch
from torch import nn

torch.manual_seed(0)
start = torch.randn(6, 3)
points = nn.Parameter(start.clone())
opt = torch.optim.Adam([points], lr=0.1)


def train(steps):
    for _ in range(steps):
        opt.zero_grad()
        (points ** 2).sum().backward()
        opt.step()


train(3)
keep = torch.tensor([0, 1, 2, 4])  # prune two points
old = points
points = nn.Parameter(old.detach()[keep])
# Move the state to the new parameter, keeping the rows that stay (the step count is per tensor).
state = opt.state.pop(old)
for key, value in state.items():
    if torch.is_tensor(value) and value.shape == old.shape:
        state[key] = value[keep]
opt.param_groups[0]["params"] = [points]
opt.state[points] = state
train(3)
print("tensors with state:", len(opt.state), "| parameters in the groups:", len(opt.param_groups[0]["params"]))
checkpoint = {"points": points.detach(), "optimizer": opt.state_dict()}
print("state saved for parameters:", sorted(checkpoint["optimizer"]["state"]))

# The reference: Adam updates each element on its own, so the kept rows of six steps on all
# six points, never pruned, are what the pruned points must reach.
reference = nn.Parameter(start.clone())
ref_opt = torch.optim.Adam([reference], lr=0.1)
for _ in range(6):
    ref_opt.zero_grad()
    (reference ** 2).sum().backward()
    ref_opt.step()
print("same points as six steps without pruning, rows kept:", torch.allclose(points, reference[keep], atol=1e-6))

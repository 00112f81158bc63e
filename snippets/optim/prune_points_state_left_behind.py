# raises: KeyError
# fixed-by: optim/prune_points_state_moved
# cause: code that prunes or grows a parameter during training (Gaussian splatting's densification) puts the new parameter into the optimizer's group but leaves the old one's state in optimizer.state; state_dict() numbers only the parameters the groups hold
import torch
from torch import nn

torch.manual_seed(0)
points = nn.Parameter(torch.randn(6, 3))
opt = torch.optim.Adam([points], lr=0.1)


def train(steps):
    for _ in range(steps):
        opt.zero_grad()
        (points ** 2).sum().backward()
        opt.step()


train(3)
keep = torch.tensor([0, 1, 2, 4])  # prune two points
points = nn.Parameter(points.detach()[keep])
opt.param_groups[0]["params"] = [points]  # the old parameter's state stays behind
train(3)
print("tensors with state:", len(opt.state), "| parameters in the groups:", len(opt.param_groups[0]["params"]))
checkpoint = {"points": points.detach(), "optimizer": opt.state_dict()}

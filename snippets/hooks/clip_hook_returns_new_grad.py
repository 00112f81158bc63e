# reference: same gradients as clipping by hand
import torch
from torch import nn


def clip_returning(grad):
    return grad.clamp(-0.1, 0.1)  # a new tensor; the one autograd handed over stays as it was


torch.manual_seed(0)
stem, branch = nn.Linear(4, 4), nn.Sequential(nn.ReLU(), nn.Linear(4, 4))
h = stem(torch.randn(2, 4))
residual = branch(h)
residual.register_hook(clip_returning)
out = h + residual
out.sum().backward()
print("stem.bias.grad:  ", stem.bias.grad)
print("branch.bias.grad:", branch[1].bias.grad)  # 2 rows x the clipped 0.1

# The reference: the same layers and input drawn again from the seed, with no hook; the
# gradient of out.sum() (ones) goes to h as it is and to the branch clipped by hand.
torch.manual_seed(0)
plain_stem, plain_branch = nn.Linear(4, 4), nn.Sequential(nn.ReLU(), nn.Linear(4, 4))
plain_h = plain_stem(torch.randn(2, 4))
ones = torch.ones(2, 4)
params = [*plain_stem.parameters(), *plain_branch.parameters()]
expected = torch.autograd.grad([plain_h, plain_branch(plain_h)], params, [ones, ones.clamp(-0.1, 0.1)])
got = [p.grad for p in (*stem.parameters(), *branch.parameters())]
same = all(g is not None and torch.allclose(g, e) for g, e in zip(got, expected))
print("same gradients as clipping by hand:", same)

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

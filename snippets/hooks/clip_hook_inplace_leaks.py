import torch
from torch import nn


def clip_returning(grad):
    return grad.clamp(-0.1, 0.1)


def clip_in_place(grad):
    grad.clamp_(-0.1, 0.1)  # edits the tensor autograd handed over


def grad_norms(clip_hook):
    torch.manual_seed(0)
    stem, branch = nn.Linear(4, 4), nn.Sequential(nn.ReLU(), nn.Linear(4, 4))
    h = stem(torch.randn(2, 4))
    residual = branch(h)
    residual.register_hook(clip_hook)  # meant for the branch's gradient only
    out = h + residual  # the skip connection
    (out**2).sum().backward()
    return f"stem {stem.weight.grad.norm():.3f} | branch {branch[1].weight.grad.norm():.3f}"


print("hook returns a new tensor:", grad_norms(clip_returning))
print("hook edits grad in place: ", grad_norms(clip_in_place))

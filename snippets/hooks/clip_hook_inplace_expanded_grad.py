# raises: RuntimeError
# fixed-by: hooks/clip_hook_returns_new_grad
# cause: a tensor hook edits its gradient in place (grad.clamp_) where that gradient is a broadcast view, as .sum() hands out
import torch
from torch import nn


def clip_in_place(grad):
    grad.clamp_(-0.1, 0.1)


torch.manual_seed(0)
stem, branch = nn.Linear(4, 4), nn.Sequential(nn.ReLU(), nn.Linear(4, 4))
h = stem(torch.randn(2, 4))
residual = branch(h)
residual.register_hook(clip_in_place)
out = h + residual
out.sum().backward()  # the gradient of a sum: one value, broadcast to every element

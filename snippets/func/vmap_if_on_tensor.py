# raises: RuntimeError
# fixed-by: func/vmap_clip_with_clamp
# cause: per-sample gradient clipping under vmap with a Python `if norm > max_norm:`
# min-torch: 2.0
import torch
from torch.func import vmap

torch.manual_seed(0)
per_sample_grads = torch.randn(4, 10) * torch.tensor([[0.1], [1.0], [3.0], [0.5]])


def clip(grad, max_norm=1.0):
    norm = grad.norm()
    if norm > max_norm:  # Python needs one True or False here, for every sample at once
        grad = grad * (max_norm / norm)
    return grad


print("first sample alone:", round(clip(per_sample_grads[0]).norm().item(), 4))
clipped = vmap(clip)(per_sample_grads)

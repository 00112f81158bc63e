# min-torch: 2.0
import torch
from torch.func import vmap

torch.manual_seed(0)
per_sample_grads = torch.randn(4, 10) * torch.tensor([[0.1], [1.0], [3.0], [0.5]])


def clip(grad, max_norm=1.0):
    # Both branches as one tensor expression: the factor is 1 where the norm is small enough.
    factor = torch.clamp(max_norm / grad.norm(), max=1.0)
    return grad * factor


print("norms before:", [round(v, 4) for v in per_sample_grads.norm(dim=1).tolist()])
print("norms after: ", [round(v, 4) for v in vmap(clip)(per_sample_grads).norm(dim=1).tolist()])

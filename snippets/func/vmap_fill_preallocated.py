# raises: RuntimeError
# fixed-by: func/vmap_build_with_cat
# cause: a vmapped residual function writes its pieces into a torch.zeros buffer it created, by slice assignment
# min-torch: 2.0
import torch
from torch.func import vmap

torch.manual_seed(0)
points = torch.randn(5, 2)  # five samples of (x, y)
targets = torch.randn(5, 2)


def residual(point, target):
    out = torch.zeros(4)  # created inside the function: one buffer, not one per sample
    out[:2] = point - target
    out[2:] = 0.1 * point
    return out


print("first sample alone:", [round(v, 4) for v in residual(points[0], targets[0]).tolist()])
residuals = vmap(residual)(points, targets)

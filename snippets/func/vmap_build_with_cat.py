# min-torch: 2.0
import torch
from torch.func import vmap

torch.manual_seed(0)
points = torch.randn(5, 2)
targets = torch.randn(5, 2)


def residual(point, target):
    # The pieces joined into a new tensor: cat is batched, so each sample gets its own.
    return torch.cat([point - target, 0.1 * point])


residuals = vmap(residual)(points, targets)
print("shape:", tuple(residuals.shape))
print("first sample:", [round(v, 4) for v in residuals[0].tolist()])

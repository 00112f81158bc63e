# raises: NotImplementedError
# fixed-by: func/hessian_distances_written_out
# cause: torch.func.hessian (forward mode over reverse mode), jacfwd or jvp runs through an operator that has no forward-mode formula on any release, here torch.cdist in a pairwise-distance energy
# min-torch: 2.0
import warnings

import torch
from torch.func import grad, hessian

# From 2.14 on, PyTorch's own forward-mode code calls torch.jit.script, which warns that it is deprecated.
warnings.filterwarnings("ignore", message="`torch.jit.script` is deprecated", category=FutureWarning)

torch.manual_seed(0)
positions = torch.randn(4, 3, dtype=torch.float64)  # four particles in 3-D
pairs = torch.triu_indices(4, 4, offset=1)  # each pair once


def energy(pos):
    dist = torch.cdist(pos, pos)[pairs[0], pairs[1]]
    return ((dist - 1.0) ** 2).sum()  # a spring of rest length 1 between every pair


print("forces by reverse mode:", tuple(grad(energy)(positions).shape))
# The Hessian: jacfwd over jacrev, so torch.cdist runs in forward mode.
curvature = hessian(energy)(positions)

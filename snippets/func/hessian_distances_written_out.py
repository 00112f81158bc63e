# min-torch: 2.0
# reference: same energy and Hessian as finite differences of torch.cdist's gradient
import warnings

import torch
from torch.func import grad, hessian

# From 2.14 on, PyTorch's own forward-mode code calls torch.jit.script, which warns that it is deprecated.
warnings.filterwarnings("ignore", message="`torch.jit.script` is deprecated", category=FutureWarning)

torch.manual_seed(0)
positions = torch.randn(4, 3, dtype=torch.float64)  # four particles in 3-D
pairs = torch.triu_indices(4, 4, offset=1)  # each pair once


def energy(pos):
    # the distances written out: subtraction and norm have forward-mode formulas
    dist = (pos[pairs[0]] - pos[pairs[1]]).norm(dim=-1)
    return ((dist - 1.0) ** 2).sum()


curvature = hessian(energy)(positions)
print("Hessian:", tuple(curvature.shape))


# The reference: the torch.cdist energy, whose gradient reverse mode computes, differentiated
# once more by central differences, one coordinate at a time.
def cdist_energy(pos):
    dist = torch.cdist(pos, pos)[pairs[0], pairs[1]]
    return ((dist - 1.0) ** 2).sum()


eps = 1e-6
columns = []
for k in range(positions.numel()):
    step = torch.zeros(positions.numel(), dtype=torch.float64)
    step[k] = eps
    step = step.view_as(positions)
    columns.append((grad(cdist_energy)(positions + step) - grad(cdist_energy)(positions - step)) / (2 * eps))
expected = torch.stack(columns, dim=-1).view(4, 3, 4, 3)
same = torch.allclose(energy(positions), cdist_energy(positions)) and torch.allclose(curvature, expected, atol=1e-6)
print("same energy and Hessian as finite differences of torch.cdist's gradient:", same)

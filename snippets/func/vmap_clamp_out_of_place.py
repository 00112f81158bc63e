# min-torch: 2.0
# reference: same outputs and gradients as the deepcopy version in a Python loop
import copy

import torch
from torch.func import vmap

torch.manual_seed(0)
weight = torch.randn(3, 3, requires_grad=True)
samples = torch.randn(5, 3)  # five samples of three features


def features(x):
    clipped = x.clamp(min=-1.0, max=1.0)  # out of place: a new tensor, x left as it came
    return weight @ clipped + x


out = vmap(features)(samples)
(grad,) = torch.autograd.grad(out.pow(2).sum(), weight)
print("features:", tuple(out.shape))


# The reference: the deepcopy version, each sample alone in a Python loop (no vmap, so deepcopy works).
def features_with_deepcopy(x):
    clipped = copy.deepcopy(x)
    clipped.clamp_(min=-1.0, max=1.0)
    return weight @ clipped + x


expected = torch.stack([features_with_deepcopy(x) for x in samples])
(expected_grad,) = torch.autograd.grad(expected.pow(2).sum(), weight)
same = torch.allclose(out, expected) and torch.allclose(grad, expected_grad)
print("same outputs and gradients as the deepcopy version in a Python loop:", same)

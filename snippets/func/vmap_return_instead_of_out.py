# min-torch: 2.0
# reference: same outputs and gradients as a Python loop over the samples
import torch
from torch.func import vmap

torch.manual_seed(0)
weight = torch.randn(2, 3, requires_grad=True)
samples = torch.randn(4, 3)  # four samples of three features


def project(x):
    return torch.mv(weight, x)  # a new tensor: vmap batches it


projected = vmap(project)(samples)
(grad,) = torch.autograd.grad(projected.pow(2).sum(), weight)
print("projected:", tuple(projected.shape))

# The reference: each sample alone, in a Python loop.
expected = torch.stack([project(x) for x in samples])
(expected_grad,) = torch.autograd.grad(expected.pow(2).sum(), weight)
same = torch.allclose(projected, expected) and torch.allclose(grad, expected_grad)
print("same outputs and gradients as a Python loop over the samples:", same)

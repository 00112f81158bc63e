# raises: RuntimeError
# fixed-by: func/vmap_return_instead_of_out
# cause: a function mapped with vmap writes its result through out= into a tensor it was handed (here a preallocated buffer); vmap's fallback cannot loop over an out= or view operation that has no batching rule
# min-torch: 2.0
import torch
from torch.func import vmap

torch.manual_seed(0)
weight = torch.randn(2, 3)
samples = torch.randn(4, 3)  # four samples of three features
buffer = torch.empty(2)  # reused for every result, to save an allocation


def project(x):
    return torch.mv(weight, x, out=buffer)


print("first sample alone:", tuple(project(samples[0]).shape))
projected = vmap(project)(samples)

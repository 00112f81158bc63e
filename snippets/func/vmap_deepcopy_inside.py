# raises: NotImplementedError
# fixed-by: func/vmap_clamp_out_of_place
# cause: a function mapped with vmap copies its input with copy.deepcopy before editing the copy in place; deepcopy copies a tensor's storage, which vmap's batched tensor does not have
# min-torch: 2.0
import copy

import torch
from torch.func import vmap

torch.manual_seed(0)
weight = torch.randn(3, 3, requires_grad=True)
samples = torch.randn(5, 3)  # five samples of three features


def features(x):
    clipped = copy.deepcopy(x)  # a copy to edit, leaving x as it came
    clipped.clamp_(min=-1.0, max=1.0)
    return weight @ clipped + x


print("first sample alone:", tuple(features(samples[0]).shape))
out = vmap(features)(samples)

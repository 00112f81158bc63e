import warnings

import torch

# A 1x1 convolution weight, channels-last, and a row-major gradient added into: their strides
# differ only on the two dimensions of size 1
weight = torch.nn.Parameter(torch.randn(4, 3, 1, 1).to(memory_format=torch.channels_last))
weight.grad = torch.zeros(weight.shape)
print("weight strides:", weight.stride())
print("grad strides:  ", weight.grad.stride())
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    (weight * 2).sum().backward()
print("layout warning:", any("layout contract" in str(w.message) for w in caught))

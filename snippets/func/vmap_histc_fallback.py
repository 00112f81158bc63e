# min-torch: 2.0
import warnings

import torch
from torch.func import vmap

torch.manual_seed(0)
samples = torch.rand(3, 10)  # three samples of ten values in [0, 1)


def histogram(row):
    return torch.histc(row, bins=4, min=0, max=1)


with warnings.catch_warnings(record=True) as caught:  # keep the warnings, to print their first sentence
    warnings.simplefilter("always")
    batched = vmap(histogram)(samples)
for warning in caught:
    print(f"{warning.category.__name__}: {str(warning.message).split('. ')[0]}.")
looped = torch.stack([histogram(row) for row in samples])
print("same as a Python loop:", torch.equal(batched, looped))

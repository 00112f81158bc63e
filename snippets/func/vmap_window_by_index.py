# min-torch: 2.0
import torch
from torch.func import vmap

signals = torch.arange(24.0).reshape(3, 8)
starts = torch.tensor([0, 2, 5])


def window(signal, start):
    # The positions as a tensor: indexing with it is an ordinary batched operation.
    return signal.index_select(0, start + torch.arange(3))


print(vmap(window)(signals, starts).tolist())

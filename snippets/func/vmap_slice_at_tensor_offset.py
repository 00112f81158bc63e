# raises: RuntimeError
# fixed-by: func/vmap_window_by_index
# cause: a vmapped function slices a window starting at a per-sample tensor offset, x[start:start + n]
# min-torch: 2.0
import torch
from torch.func import vmap

signals = torch.arange(24.0).reshape(3, 8)  # three signals of 8 samples
starts = torch.tensor([0, 2, 5])  # where each one's event begins


def window(signal, start):
    return signal[start : start + 3]  # a slice needs Python ints: PyTorch calls start.item()


print("first window alone:", window(signals[0], starts[0]).tolist())
windows = vmap(window)(signals, starts)

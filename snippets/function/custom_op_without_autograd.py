# fixed-by: function/custom_op_autograd_function
# cause: a custom operator registered with torch.library for the CPU (or CUDA) only, with no autograd kernel, used in a model that is trained through it
# min-torch: 2.2
import numpy as np
import torch
from torch import nn

# The operator: a schema and a CPU kernel that computes outside autograd (NumPy here; a C++
# or CUDA extension's kernel in practice). Nothing says how to differentiate it.
lib = torch.library.Library("fieldguide", "DEF")
lib.define("silu(Tensor x) -> Tensor")


def silu_kernel(x):
    a = x.detach().numpy()
    return torch.from_numpy(a / (1 + np.exp(-a)))


lib.impl("silu", silu_kernel, "CPU")

torch.manual_seed(0)
layer = nn.Linear(4, 4)
x = torch.randn(8, 4)
loss = torch.ops.fieldguide.silu(layer(x)).pow(2).mean()
loss.backward()
print("layer.weight.grad:", layer.weight.grad)

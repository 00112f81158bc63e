# raises: RuntimeError
# fixed-by: hooks/backward_hook_value_count_fixed
# cause: a hook added with Module.register_backward_hook returns one gradient for the module's input, but that old API hands it the gradients of every input of the module's last operation, weights included
import warnings

import torch
from torch import nn

warnings.filterwarnings("ignore", "Using a non-full backward hook")  # the old API's own warning


def normalize(module, grad_input, grad_output):
    print("grad_input shapes:", [None if g is None else tuple(g.shape) for g in grad_input])
    return (grad_input[0] / grad_input[0].std(),)  # meant: the gradient of the layer's input


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 3), nn.BatchNorm1d(3), nn.ReLU(), nn.Linear(3, 1))
model[1].register_backward_hook(normalize)
x = torch.randn(8, 4, requires_grad=True)
model(x).sum().backward()

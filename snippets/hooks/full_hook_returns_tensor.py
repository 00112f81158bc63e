# raises: RuntimeError
# fixed-by: hooks/full_hook_returns_tuple
# cause: a full backward hook returns the new grad_input as a bare tensor, not as a tuple of one tensor per input, on a batch of one example
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 16), nn.Tanh(), nn.Linear(16, 1))


def halve(module, grad_input, grad_output):
    # halve the gradient that flows on to the layers before this one
    print("grad_input:", type(grad_input).__name__, "of", [tuple(g.shape) for g in grad_input])
    return grad_input[0] * 0.5


model[2].register_full_backward_hook(halve)
x = torch.randn(1, 8)  # one example, as when explaining a single input
model(x).sum().backward()

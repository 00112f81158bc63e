# fixed-by: hooks/module_hook_full_api
# cause: Module.register_backward_hook, the API of older posts, on a module whose forward runs several operations
import torch
from torch import nn


def report(module, grad_input, grad_output):
    shapes = [None if g is None else tuple(g.shape) for g in grad_input]
    print("grad_input shapes:", shapes)


torch.manual_seed(0)
block = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
block.register_backward_hook(report)
x = torch.randn(5, 3, requires_grad=True)  # we want the gradient for the block's input
block(x).sum().backward()
print("x.grad shape:", tuple(x.grad.shape))

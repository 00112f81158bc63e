# raises: ModuleNotFoundError
# min-torch: 2.0
# fixed-by: optim/grad_norm_math_inf
# cause: a gradient-norm helper written for PyTorch 1.x imports inf from torch._six, a module PyTorch 2.0 removed
import torch
from torch._six import inf


def grad_norm(parameters, norm_type=2.0):
    grads = [p.grad for p in parameters if p.grad is not None]
    if norm_type == inf:
        return max(g.abs().max() for g in grads)
    return torch.norm(torch.stack([torch.norm(g, norm_type) for g in grads]), norm_type)

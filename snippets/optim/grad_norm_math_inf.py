# reference: same norms as clip_grad_norm_
from math import inf  # the float torch._six's inf was

import torch
from torch import nn


def grad_norm(parameters, norm_type=2.0):
    grads = [p.grad for p in parameters if p.grad is not None]
    if norm_type == inf:
        return max(g.abs().max() for g in grads)
    return torch.norm(torch.stack([torch.norm(g, norm_type) for g in grads]), norm_type)


torch.manual_seed(0)
model = nn.Linear(4, 2)
nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 2)).backward()
norms = [grad_norm(model.parameters(), norm_type) for norm_type in (2.0, inf)]

# The reference: clip_grad_norm_ returns the total norm it measured; an infinite max_norm
# leaves the gradients as they are.
measured = [nn.utils.clip_grad_norm_(model.parameters(), inf, norm_type) for norm_type in (2.0, inf)]
print("same norms as clip_grad_norm_:", all(torch.allclose(a, b) for a, b in zip(norms, measured)))

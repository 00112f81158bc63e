from collections import defaultdict
from functools import partial

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, target = torch.randn(8, 3), torch.randn(8, 1)  # data: needs no gradient

grad_norms = defaultdict(list)


def record_norm(name, grad):
    grad_norms[name].append(round(grad.norm().item(), 4))  # reads the gradient, returns None


handles = [
    p.register_hook(partial(record_norm, name)) for name, p in model.named_parameters()
]

for step in range(3):
    if step == 2:
        for handle in handles:
            handle.remove()  # logging only the first two steps
    optimizer.zero_grad()
    nn.functional.mse_loss(model(x), target).backward()
    optimizer.step()

for name, _ in model.named_parameters():
    print(f"{name:8} {grad_norms[name]}")

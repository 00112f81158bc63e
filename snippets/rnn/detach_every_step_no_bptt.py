import torch
from torch import nn

torch.manual_seed(0)
cell, head = nn.RNNCell(1, 8), nn.Linear(8, 1)
x = torch.sin(torch.arange(6.0) * 0.4).view(6, 1, 1).requires_grad_()  # 6 time steps

for every_step in (False, True):
    h = torch.zeros(1, 8)  # detached once, at the start of the minibatch
    for t in range(6):
        if every_step:
            h = h.detach()  # cuts the chain between time steps
        h = cell(x[t], h)
    loss = head(h).pow(2).sum()  # depends on the last step only through h
    x.grad = cell.weight_hh.grad = None
    loss.backward()
    label = "detach every step    " if every_step else "detach per minibatch "
    print(label, "d loss / d x[t]:", [round(g, 4) for g in x.grad.flatten().tolist()])
    print(label, "norm of weight_hh.grad:", round(cell.weight_hh.grad.norm().item(), 4))

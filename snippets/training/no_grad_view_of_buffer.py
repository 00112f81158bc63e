import torch
from torch import nn
from torch.nn import functional as F


@torch.no_grad()
def rows_of(table, rows):
    return table[rows]  # a view, created in no_grad mode


torch.manual_seed(0)
key_encoder = nn.Linear(8, 4)
queue = torch.zeros(6, 4)  # past keys, as in a contrastive model's queue: no grad
keys = F.normalize(key_encoder(torch.randn(2, 8)), dim=1).detach()
rows_of(queue, slice(0, 2)).copy_(keys)  # enqueue; grad mode is on here
print("queue requires_grad:", queue.requires_grad)
print("rows 0-1 hold the keys:", torch.equal(queue[:2], keys), "| queue version:", queue._version)

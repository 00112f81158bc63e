# reference: same gradients as the sum by hand
import numpy as np
import torch
from torch import nn

rng = np.random.default_rng(0)
edges = rng.random((2, 4, 4)) < 0.5  # two graphs of 4 nodes
adjacency = edges / edges.sum(axis=2, keepdims=True).clip(min=1)  # rows that average: float64
torch.manual_seed(0)
layer = nn.Linear(3, 5)
nodes = torch.randn(2, 4, 3)

a = torch.from_numpy(adjacency).float()  # the activations' dtype
h = layer(nodes)
print("adjacency:", a.dtype, "| node features:", h.dtype)
out = torch.matmul(a, h)
out.square().mean().backward()

# The reference: the product without matmul, each node's weighted sum of its neighbours'
# features written as a broadcast multiplication and a sum.
by_hand = (a.unsqueeze(-1) * layer(nodes).unsqueeze(1)).sum(dim=2)
params = [layer.weight, layer.bias]
expected = torch.autograd.grad(by_hand.square().mean(), params)
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(params, expected))
print("same gradients as the sum by hand:", same)

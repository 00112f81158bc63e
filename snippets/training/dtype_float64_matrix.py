# raises: RuntimeError
# fixed-by: training/dtype_float64_matrix_float32
# cause: a fixed matrix built with NumPy (a batch of graph adjacency matrices, of rotations) is float64 and multiplies float32 activations in a batched torch.matmul
import numpy as np
import torch
from torch import nn

rng = np.random.default_rng(0)
edges = rng.random((2, 4, 4)) < 0.5  # two graphs of 4 nodes
adjacency = edges / edges.sum(axis=2, keepdims=True).clip(min=1)  # rows that average: float64
torch.manual_seed(0)
layer = nn.Linear(3, 5)
nodes = torch.randn(2, 4, 3)

a = torch.from_numpy(adjacency)
h = layer(nodes)
print("adjacency:", a.dtype, "| node features:", h.dtype)
out = torch.matmul(a, h)  # each node averages its neighbours' features

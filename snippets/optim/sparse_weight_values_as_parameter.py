# reference: the same gradients as a dense weight's, read at the nonzero places
import torch
from torch import nn


class SparseLinear(nn.Module):
    """A linear map whose weight is mostly zeros: only the nonzero values are trained."""

    def __init__(self, weight):
        super().__init__()
        self.register_buffer("indices", weight.nonzero().t())  # where the nonzero values sit
        self.values = nn.Parameter(weight[self.indices[0], self.indices[1]])  # a dense vector
        self.shape = weight.shape

    def forward(self, x):
        weight = torch.zeros(self.shape, dtype=self.values.dtype).index_put(tuple(self.indices), self.values)
        return weight @ x


torch.manual_seed(0)
mask = torch.rand(6, 4) < 0.4
start = torch.randn(6, 4, dtype=torch.float64) * mask
x = torch.randn(4, 3, dtype=torch.float64)
layer = SparseLinear(start)
opt = torch.optim.Adam(layer.parameters(), lr=0.1)
print("trained values:", tuple(layer.values.shape), layer.values.layout)

# The reference: the whole matrix as a dense parameter, its gradient read at the nonzero places.
full = nn.Parameter(start.clone())
(full @ x).pow(2).sum().backward()

opt.zero_grad()
layer(x).pow(2).sum().backward()
same = torch.allclose(layer.values.grad, full.grad[mask])
print("the same gradients as a dense weight's, read at the nonzero places:", same)
for _ in range(3):
    opt.zero_grad()
    layer(x).pow(2).sum().backward()
    opt.step()
weight = torch.zeros(6, 4, dtype=torch.float64).index_put(tuple(layer.indices), layer.values.detach())
print("zeros still zero after three steps:", bool((weight[~mask] == 0).all()))

# raises: ValueError
# fixed-by: optim/sparse_weight_values_as_parameter
# cause: a layer keeps its weight matrix as a sparse tensor and hands it to SparseAdam for its sparse layout, but SparseAdam takes dense parameters whose gradients are sparse, such as an embedding's with sparse=True
import torch
from torch import nn


class SparseLinear(nn.Module):
    """A linear map whose weight is mostly zeros, kept in the sparse COO layout."""

    def __init__(self, weight):
        super().__init__()
        self.weight = nn.Parameter(weight.to_sparse())

    def forward(self, x):
        return torch.sparse.mm(self.weight, x)


torch.manual_seed(0)
mask = torch.rand(6, 4) < 0.4
layer = SparseLinear(torch.randn(6, 4) * mask)
print("weight layout:", layer.weight.layout)
opt = torch.optim.SparseAdam(layer.parameters(), lr=0.1)

# raises: RuntimeError
# fixed-by: inplace/weight_edits_no_grad
# cause: magnitude pruning sets small weights to zero with a boolean mask outside torch.no_grad()
import torch
from torch import nn

torch.manual_seed(0)
layer = nn.Linear(4, 4)
small = layer.weight.abs() < 0.1
layer.weight[small] = 0.0  # a mask is advanced indexing: index_put_ on the weight itself

# raises: RuntimeError
# fixed-by: leaf/requires_grad_on_non_leaf_fixed
import torch

x = torch.ones(2, requires_grad=True)
y = x * 2
y.requires_grad_(False)  # y is part of the graph: its flag is not yours to change

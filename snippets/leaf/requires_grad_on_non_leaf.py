# raises: RuntimeError
# fixed-by: leaf/requires_grad_on_non_leaf_fixed
# cause: requires_grad_(False) on a computed tensor to stop gradients through it
import torch

x = torch.ones(2, requires_grad=True)
y = x * 2
y.requires_grad_(False)  # y is part of the graph: its flag is not yours to change

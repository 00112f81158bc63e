# raises: RuntimeError
import torch

x = torch.ones(2, requires_grad=True)
y = x * 2
y.requires_grad_(False)  # y is part of the graph: its flag is not yours to change

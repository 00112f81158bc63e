import torch

x = torch.ones(2, requires_grad=True)
y = x * 2
z = y.detach()  # a new leaf, outside the graph, whose flag you may set
z.requires_grad_(True)
print("z.is_leaf:", z.is_leaf, "| z.requires_grad:", z.requires_grad)

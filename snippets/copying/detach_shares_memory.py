import torch

t1 = torch.tensor([1.0, 2.0], requires_grad=True)
t2 = torch.tensor([2.0, 3.0], requires_grad=True)
v = t1 + t2
d = v.detach()  # no graph, but the same memory

print("requires_grad: v", v.requires_grad, "| d", d.requires_grad)
d.add_(10)  # edit through the detached tensor
print("v after editing d:", v)

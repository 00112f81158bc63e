import torch

t = torch.tensor([0.0, 1.0], requires_grad=True)
print("t._version at start:", t._version)

d = t.detach()
d.add_(1)  # d shares t's version counter
print("after d.add_(1):  t._version", t._version, "| d._version", d._version)

v = t.data
v.add_(1)  # v has a counter of its own
print("after v.add_(1):  t._version", t._version, "| v._version", v._version)
print("t:", t)  # both edits changed the values

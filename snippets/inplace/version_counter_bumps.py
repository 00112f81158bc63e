import torch

a = torch.zeros(3)
print("new tensor:        ", a._version)
a.add_(1)
print("after a.add_(1):   ", a._version)
a += 1
print("after a += 1:      ", a._version)
a[0] = 5.0
print("after a[0] = 5.0:  ", a._version)
b = a * 2  # out of place: a new tensor, a is untouched
print("after b = a * 2:   ", a._version)

view, det = a[:2], a.detach()  # both share a's storage and its counter
view.mul_(2)
det.zero_()
print("a, view, det:      ", a._version, view._version, det._version)

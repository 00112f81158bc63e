import torch

w_old = torch.tensor([1.0, 2.0], requires_grad=True)
w_new = torch.tensor([1.0, 2.0], requires_grad=True)
for w in (w_old, w_new):
    (w**2).sum().backward()  # w.grad = 2w

w_old.data -= 0.1 * w_old.grad  # the old idiom
with torch.no_grad():
    w_new -= 0.1 * w_new.grad  # today's idiom

print("via .data:   ", w_old, "| _version", w_old._version)
print("via no_grad: ", w_new, "| _version", w_new._version)

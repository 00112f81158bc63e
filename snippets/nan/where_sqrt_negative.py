import torch

# A feature that is sqrt(a) where a is positive and 0 elsewhere, written with torch.where.
a = torch.tensor([-1.0, 4.0], requires_grad=True)
feature = torch.where(a > 0, a.sqrt(), 0.0)  # sqrt(-1) is NaN, but where() drops it ...
print("feature:", feature.detach())
feature.sum().backward()
print("a.grad:", a.grad)  # ... and its gradient there is NaN all the same

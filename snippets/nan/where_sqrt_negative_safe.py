import torch

a = torch.tensor([-1.0, 4.0], requires_grad=True)
# Mask the input too: sqrt only ever sees positive numbers (1.0 is an arbitrary safe value).
safe_a = torch.where(a > 0, a, 1.0)
feature = torch.where(a > 0, safe_a.sqrt(), 0.0)
print("feature:", feature.detach())
feature.sum().backward()
print("a.grad:", a.grad)

import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3
z = y.detach().requires_grad_()  # a fresh leaf that shares y's values
print("z.is_leaf:", z.is_leaf, "| z.requires_grad:", z.requires_grad)

(z**2).sum().backward()
print("z.grad:", z.grad)  # 2z: the gradient stops at z
print("x.grad:", x.grad)  # nothing flows back to x

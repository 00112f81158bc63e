import torch

w1 = torch.randn(3, requires_grad=True)
w2 = torch.randn(3, requires_grad=True) * 0.01  # scaled after requires_grad
w3 = torch.randn(6, requires_grad=True).view(2, 3)  # reshaped after requires_grad
w4 = torch.arange(6.0, requires_grad=True).reshape(2, 3)
w5 = (torch.randn(3) * 0.01).requires_grad_()  # scaled first, then requires_grad

for name, w in [("w1", w1), ("w2", w2), ("w3", w3), ("w4", w4), ("w5", w5)]:
    node = w.grad_fn.name() if w.grad_fn else None
    print(f"{name}: is_leaf {w.is_leaf!s:<5} | grad_fn {node}")

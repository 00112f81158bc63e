import torch


def grad_at(f, *values):
    x = torch.tensor(values, requires_grad=True)
    f(x).sum().backward()
    return x.grad


# Kinks of convex functions: the subgradient of smallest norm.
print("relu at 0:        ", grad_at(torch.relu, 0.0))
print("abs at 0:         ", grad_at(torch.abs, 0.0))
print("vector_norm at 0: ", grad_at(torch.linalg.vector_norm, 0.0, 0.0))
# Defined, but the slope grows without bound: the limit.
print("sqrt at 0:        ", grad_at(torch.sqrt, 0.0))
print("log at 0:         ", grad_at(torch.log, 0.0))
# Outside the domain: any value, usually NaN.
print("sqrt at -1:       ", grad_at(torch.sqrt, -1.0))
print("log at -1:        ", grad_at(torch.log, -1.0))

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 3), torch.randn(16, 1)

# Objective: loss + 0.1 * |d loss / d params|^2, a gradient-norm regulariser.
loss = nn.functional.mse_loss(model(x), y)
# The gradients are returned, not stored in .grad; create_graph=True makes them differentiable.
grads = torch.autograd.grad(loss, list(model.parameters()), create_graph=True)
grad_norm2 = sum(g.pow(2).sum() for g in grads)
opt.zero_grad()
(loss + 0.1 * grad_norm2).backward()
print(f"grad_norm2 {grad_norm2.item():.4f}")
print(f"first-layer weight gradient norm: {model[0].weight.grad.norm():.4f}")
print("model[0].weight.grad.requires_grad:", model[0].weight.grad.requires_grad)
opt.step()

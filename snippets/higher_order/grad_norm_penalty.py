# reference: same gradients as the formula grad + 0.2 * H grad
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 3), torch.randn(16, 1)
start = tuple(p.detach().clone().requires_grad_() for p in model.parameters())  # for the reference

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


# The reference: the objective's gradient by its formula, g + 0.1 * 2 H g, with g the loss's
# gradient and H its Hessian, for a model written as a function of its starting parameters.
def plain_loss(w0, b0, w1, b1):
    return nn.functional.mse_loss(torch.tanh(x @ w0.T + b0) @ w1.T + b1, y)


g = torch.autograd.grad(plain_loss(*start), start)
_, hg = torch.autograd.functional.hvp(plain_loss, start, g)
expected = [gi + 0.2 * hgi for gi, hgi in zip(g, hg)]
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(model.parameters(), expected))
print("same gradients as the formula grad + 0.2 * H grad:", same)

# fixed-by: higher_order/grad_norm_penalty
# cause: loss.backward(create_graph=True) to penalise the gradient norm, instead of torch.autograd.grad(..., create_graph=True)
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 3), torch.randn(16, 1)

# Objective: loss + 0.1 * |d loss / d params|^2, a gradient-norm regulariser.
loss = nn.functional.mse_loss(model(x), y)
opt.zero_grad()
loss.backward(create_graph=True)  # each p.grad gets a graph that leads back to p itself
grad_norm2 = sum(p.grad.pow(2).sum() for p in model.parameters())
(0.1 * grad_norm2).backward()  # adds the regulariser's gradient into p.grad
print(f"grad_norm2 {grad_norm2.item():.4f}")
print(f"first-layer weight gradient norm: {model[0].weight.grad.norm():.4f}")
print("model[0].weight.grad.requires_grad:", model[0].weight.grad.requires_grad)
opt.step()

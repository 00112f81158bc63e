import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
x, target = torch.randn(16, 4), 10 * torch.randn(16, 1)  # large errors: large gradients


def largest_grad(grads):
    return max(g.abs().max().item() for g in grads)


loss = nn.functional.mse_loss(model(x), target)
unclipped = torch.autograd.grad(loss, list(model.parameters()))
print(f"largest |gradient| without hooks: {largest_grad(unclipped):.2f}")


def clip_to_one(grad):
    return grad.clamp(-1.0, 1.0)  # a new tensor: it replaces the gradient


for parameter in model.parameters():
    parameter.register_hook(clip_to_one)  # runs in every backward, before .grad is written

loss = nn.functional.mse_loss(model(x), target)
loss.backward()
print(f"largest |.grad| with hooks:       {largest_grad(p.grad for p in model.parameters()):.2f}")

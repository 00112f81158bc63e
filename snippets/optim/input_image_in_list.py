# reference: same image as Adam's update written out by hand
import torch
from torch import nn

torch.manual_seed(0)
features = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU()).requires_grad_(False)
target = features(torch.rand(1, 3, 16, 16))  # the features the image should come to have
image = torch.rand(1, 3, 16, 16, requires_grad=True)
start = image.detach().clone()
# A list of the tensors to optimise, even when there is only one.
opt = torch.optim.Adam([image], lr=0.05)
for _ in range(5):
    opt.zero_grad()
    loss = (features(image) - target).pow(2).mean()
    loss.backward()
    opt.step()
print("tensors to optimize:", len(opt.param_groups[0]["params"]))

# The reference: the same five steps with Adam's moments, bias corrections and update
# written out, on a copy of the starting image.
x, m, v = start.clone(), torch.zeros_like(start), torch.zeros_like(start)
beta1, beta2, eps = 0.9, 0.999, 1e-8
for t in range(1, 6):
    x.requires_grad_(True)
    (g,) = torch.autograd.grad((features(x) - target).pow(2).mean(), [x])
    x = x.detach()
    m = beta1 * m + (1 - beta1) * g
    v = beta2 * v + (1 - beta2) * g * g
    m_hat, v_hat = m / (1 - beta1**t), v / (1 - beta2**t)
    x = x - 0.05 * m_hat / (v_hat.sqrt() + eps)
print("same image as Adam's update written out by hand:", torch.allclose(image.detach(), x, atol=1e-6))

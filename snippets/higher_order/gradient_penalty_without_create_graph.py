import torch
from torch import nn

torch.manual_seed(0)
critic = nn.Sequential(nn.Linear(2, 16), nn.Tanh(), nn.Linear(16, 1))
opt = torch.optim.Adam(critic.parameters(), lr=1e-3)
real, fake = torch.randn(32, 2) + 3, torch.randn(32, 2)  # fake stands for G(z).detach()

# One critic step of WGAN-GP: push |d critic / d input| towards 1 between real and fake samples.
eps = torch.rand(32, 1)
mixed = (eps * real + (1 - eps) * fake).requires_grad_()  # the penalty differentiates w.r.t. these
(grad_mixed,) = torch.autograd.grad(critic(mixed).sum(), mixed)  # no create_graph: plain numbers
penalty = 10 * ((grad_mixed.norm(dim=1) - 1) ** 2).mean()
wasserstein = critic(fake).mean() - critic(real).mean()
print(f"penalty {penalty.item():.4f}, penalty.requires_grad {penalty.requires_grad}")

w = critic[0].weight
(without_penalty,) = torch.autograd.grad(wasserstein, w, retain_graph=True)  # for comparison only
opt.zero_grad()
(wasserstein + penalty).backward()  # no error: the penalty is a constant that adds nothing
opt.step()
print(f"first-layer weight gradient norm, Wasserstein term only: {without_penalty.norm():.4f}")
print(f"first-layer weight gradient norm, with the penalty:      {w.grad.norm():.4f}")

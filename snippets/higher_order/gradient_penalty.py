# reference: same gradients as the input gradient written out
import torch
from torch import nn

torch.manual_seed(0)
critic = nn.Sequential(nn.Linear(2, 16), nn.Tanh(), nn.Linear(16, 1))
opt = torch.optim.Adam(critic.parameters(), lr=1e-3)
start = [p.detach().clone().requires_grad_() for p in critic.parameters()]  # for the reference
real, fake = torch.randn(32, 2) + 3, torch.randn(32, 2)  # fake stands for G(z).detach()

# One critic step of WGAN-GP: push |d critic / d input| towards 1 between real and fake samples.
eps = torch.rand(32, 1)
mixed = (eps * real + (1 - eps) * fake).requires_grad_()  # the penalty differentiates w.r.t. these
# create_graph=True records how the gradient is computed, so the penalty can be differentiated;
# retain_graph is not given, so it follows create_graph and critic(mixed)'s graph is kept.
(grad_mixed,) = torch.autograd.grad(critic(mixed).sum(), mixed, create_graph=True)
penalty = 10 * ((grad_mixed.norm(dim=1) - 1) ** 2).mean()
wasserstein = critic(fake).mean() - critic(real).mean()
print(f"penalty {penalty.item():.4f}, penalty.requires_grad {penalty.requires_grad}")

w = critic[0].weight
(without_penalty,) = torch.autograd.grad(wasserstein, w, retain_graph=True)  # for comparison only
opt.zero_grad()
(wasserstein + penalty).backward()  # runs through critic(mixed)'s graph a second time
opt.step()
print(f"first-layer weight gradient norm, Wasserstein term only: {without_penalty.norm():.4f}")
print(f"first-layer weight gradient norm, with the penalty:      {w.grad.norm():.4f}")


# The reference: the critic written out, and its input gradient too, W1ᵀ (w2 · (1 - tanh²(W1 x + b1))),
# so that a plain backward, with no gradient of a gradient, gives every parameter's gradient.
W1, b1, w2, b2 = start


def critic_by_hand(v):
    return torch.tanh(v @ W1.T + b1) @ w2.T + b2


grad_by_hand = (w2 * (1 - torch.tanh(mixed.detach() @ W1.T + b1) ** 2)) @ W1
penalty_by_hand = 10 * ((grad_by_hand.norm(dim=1) - 1) ** 2).mean()
objective = critic_by_hand(fake).mean() - critic_by_hand(real).mean() + penalty_by_hand
expected = torch.autograd.grad(objective, start)
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(critic.parameters(), expected))
print("same gradients as the input gradient written out:", same)

# raises: RuntimeError
# fixed-by: higher_order/gradient_penalty
# cause: autograd.grad() asked for the gradient w.r.t. a tensor that does not require grad (WGAN-GP's interpolated samples)
import torch
from torch import nn

torch.manual_seed(0)
critic = nn.Sequential(nn.Linear(2, 16), nn.Tanh(), nn.Linear(16, 1))
real, fake = torch.randn(32, 2) + 3, torch.randn(32, 2)  # fake stands for G(z).detach()

eps = torch.rand(32, 1)
mixed = eps * real + (1 - eps) * fake  # built from tensors that do not require grad
print("mixed.requires_grad:", mixed.requires_grad)
(grad_mixed,) = torch.autograd.grad(critic(mixed).sum(), mixed, create_graph=True)

# raises: RuntimeError
# fixed-by: checkpoint/gradient_penalty_non_reentrant
# cause: a WGAN-GP gradient penalty calls torch.autograd.grad through a critic whose blocks use reentrant checkpointing
# graph: score
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


class Critic(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Sequential(nn.Linear(dim, dim), nn.Tanh()) for _ in range(2))
        self.score = nn.Linear(dim, 1)

    def forward(self, x):
        for block in self.blocks:
            x = checkpoint(block, x, use_reentrant=True)  # recompute each block in backward
        return self.score(x)


torch.manual_seed(0)
critic = Critic()
real, fake = torch.randn(8, 16), torch.randn(8, 16)
alpha = torch.rand(8, 1)
mixed = (alpha * real + (1 - alpha) * fake).requires_grad_(True)

score = critic(mixed)
grad = torch.autograd.grad(score.sum(), mixed, create_graph=True)[0]
penalty = ((grad.norm(dim=1) - 1) ** 2).mean()
print("penalty:", round(penalty.item(), 4))

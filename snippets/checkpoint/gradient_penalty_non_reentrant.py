# reference: same gradients as without checkpointing
import warnings

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

# PyTorch 2.4.1's own checkpoint code calls an API that release deprecated, and warns
# about it in backward; nothing in this code could avoid that warning
warnings.filterwarnings("ignore", r".*torch\.cpu\.amp\.autocast", FutureWarning)


class Critic(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.blocks = nn.ModuleList(nn.Sequential(nn.Linear(dim, dim), nn.Tanh()) for _ in range(2))
        self.score = nn.Linear(dim, 1)

    def forward(self, x):
        for block in self.blocks:
            x = checkpoint(block, x, use_reentrant=False)  # recompute each block in backward
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
penalty.backward()  # the penalty trains the critic: its gradient reaches the weights
print("critic.blocks[0][0].weight.grad norm:", round(critic.blocks[0][0].weight.grad.norm().item(), 4))

# The reference: the same penalty through the critic's layers run without checkpointing.
h = mixed
for block in critic.blocks:
    h = block(h)
(plain_grad,) = torch.autograd.grad(critic.score(h).sum(), mixed, create_graph=True)
plain_penalty = ((plain_grad.norm(dim=1) - 1) ** 2).mean()
leaves = [mixed, *critic.blocks.parameters(), critic.score.weight]
expected = torch.autograd.grad(plain_penalty, leaves)
same = torch.allclose(grad, plain_grad)
same = same and all(t.grad is not None and torch.allclose(t.grad, e) for t, e in zip(leaves, expected))
# score.bias shifts the score, not its slope: the penalty gives it no gradient
same = same and critic.score.bias.grad is None
print("same gradients as without checkpointing:", same)

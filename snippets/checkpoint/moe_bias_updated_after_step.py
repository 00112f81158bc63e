# reference: same gradients as without checkpointing
import warnings

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

# PyTorch 2.4.1's own checkpoint code calls an API that release deprecated, and warns
# about it in backward; nothing in this code could avoid that warning
warnings.filterwarnings("ignore", r".*torch\.cpu\.amp\.autocast", FutureWarning)


class MoE(nn.Module):
    """Top-1 routing; a bias on the router's scores steers tokens towards experts that got few."""

    def __init__(self, dim=8, n_experts=4):
        super().__init__()
        self.router = nn.Linear(dim, n_experts)
        self.experts = nn.ModuleList(nn.Linear(dim, dim) for _ in range(n_experts))
        self.register_buffer("expert_bias", torch.zeros(n_experts))

    def forward(self, x):
        scores = self.router(x)
        expert = (scores + self.expert_bias).argmax(dim=-1)  # the bias only chooses the expert
        weight = torch.softmax(scores, dim=-1)
        out = torch.zeros_like(x)
        for e in expert.unique().tolist():  # only the experts that got tokens run
            tokens = (expert == e).nonzero().squeeze(1)
            out = out.index_add(0, tokens, self.experts[e](x[tokens]) * weight[tokens, e, None])
        # only record the load here: a recomputation routes as the forward did and records the same
        self.load = torch.bincount(expert, minlength=len(self.experts)).float()
        return x + out

    @torch.no_grad()
    def update_bias(self):
        """Balance the load once per step, outside forward: favour experts below the mean."""
        self.expert_bias += 0.5 * torch.sign(self.load.mean() - self.load)


torch.manual_seed(0)
moe = MoE()
x = torch.randn(6, 8)
out = checkpoint(moe, x, use_reentrant=False)  # recomputed in backward
out.pow(2).mean().backward()
moe.update_bias()  # after backward, as an optimizer step would be
print("tokens per expert:", moe.load.tolist())
print("expert_bias after the step:", moe.expert_bias.tolist())
print("router.weight.grad norm:", round(moe.router.weight.grad.norm().item(), 4))

# The reference: the same layer rebuilt from the same seed, its bias still at zero as the
# forward found it, run without checkpointing.
torch.manual_seed(0)
plain = MoE()
plain(x).pow(2).mean().backward()
pairs = list(zip(moe.parameters(), plain.parameters()))
same = all(p.grad is not None and torch.allclose(p.grad, q.grad) for p, q in pairs if q.grad is not None)
# an expert that got no tokens did not run, and gets no gradient in either
same = same and all(p.grad is None for p, q in pairs if q.grad is None)
print("same gradients as without checkpointing:", same)

# reference: the same weights as torch.optim.Adam
import copy
import math

import torch
from torch import nn


class OldAdam(torch.optim.Optimizer):
    """The same Adam, each scalar passed by keyword after the tensors."""

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8):
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps))

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            beta1, beta2 = group["betas"]
            for p in group["params"]:
                state = self.state[p]
                if not state:
                    state.update(step=0, exp_avg=torch.zeros_like(p), exp_avg_sq=torch.zeros_like(p))
                state["step"] += 1
                exp_avg, exp_avg_sq = state["exp_avg"], state["exp_avg_sq"]
                exp_avg.mul_(beta1).add_(p.grad, alpha=1 - beta1)
                exp_avg_sq.mul_(beta2).addcmul_(p.grad, p.grad, value=1 - beta2)
                denom = (exp_avg_sq.sqrt() / math.sqrt(1 - beta2 ** state["step"])).add_(group["eps"])
                p.addcdiv_(exp_avg, denom, value=-group["lr"] / (1 - beta1 ** state["step"]))


torch.manual_seed(0)
model = nn.Linear(4, 1).double()
reference = copy.deepcopy(model)
opt = OldAdam(model.parameters(), lr=0.1)
ref_opt = torch.optim.Adam(reference.parameters(), lr=0.1)
x, y = torch.randn(16, 4, dtype=torch.float64), torch.randn(16, 1, dtype=torch.float64)
for _ in range(3):
    for m, o in ((model, opt), (reference, ref_opt)):
        o.zero_grad()
        nn.functional.mse_loss(m(x), y).backward()
        o.step()
print("steps taken:", opt.state[model.weight]["step"])
same = all(torch.allclose(a, b) for a, b in zip(model.parameters(), reference.parameters()))
print("the same weights as torch.optim.Adam:", same)

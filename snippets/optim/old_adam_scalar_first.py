# fixed-by: optim/old_adam_keyword_alpha
# cause: an optimizer written for PyTorch 1.4 or older, copied into a training repository, calls add_, addcmul_ and addcdiv_ with the scalar before the tensors, an overload later releases still run but warn about
import math

import torch
from torch import nn


class OldAdam(torch.optim.Optimizer):
    """Adam as optimizer files written for PyTorch 1.4 spelled it: the scalar first."""

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
                exp_avg.mul_(beta1).add_(1 - beta1, p.grad)
                exp_avg_sq.mul_(beta2).addcmul_(1 - beta2, p.grad, p.grad)
                denom = (exp_avg_sq.sqrt() / math.sqrt(1 - beta2 ** state["step"])).add_(group["eps"])
                p.addcdiv_(-group["lr"] / (1 - beta1 ** state["step"]), exp_avg, denom)


torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = OldAdam(model.parameters(), lr=0.1)
x, y = torch.randn(16, 4), torch.randn(16, 1)
for _ in range(3):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()
print("steps taken:", opt.state[model.weight]["step"])

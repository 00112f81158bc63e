# reference: the same weights as plain Adam on the same gradients
import copy

import torch
from torch import nn


class SharedAdam(torch.optim.Adam):
    """Adam whose state exists before the first step, so worker processes can share it."""

    def __init__(self, params, lr=1e-3):
        super().__init__(params, lr=lr)
        for group in self.param_groups:
            for p in group["params"]:
                state = self.state[p]
                # The step count is a tensor, as Adam makes it itself, and shared like the moments.
                state["step"] = torch.tensor(0.0).share_memory_()
                state["exp_avg"] = torch.zeros_like(p).share_memory_()
                state["exp_avg_sq"] = torch.zeros_like(p).share_memory_()


torch.manual_seed(0)
global_model = nn.Linear(4, 2)
global_model.share_memory()
plain_model = copy.deepcopy(global_model)
opt = SharedAdam(global_model.parameters(), lr=0.01)
plain = torch.optim.Adam(plain_model.parameters(), lr=0.01)

for _ in range(5):
    x = torch.randn(8, 4)
    for model, o in ((global_model, opt), (plain_model, plain)):
        o.zero_grad()
        model(x).pow(2).mean().backward()
        o.step()

step = opt.state[global_model.weight]["step"]
print("step count:", int(step), "shared:", step.is_shared())
same = all(
    torch.allclose(a, b, rtol=1e-6, atol=1e-7) for a, b in zip(global_model.parameters(), plain_model.parameters())
)
print("the same weights as plain Adam on the same gradients:", same)

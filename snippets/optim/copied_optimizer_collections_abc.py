# reference: same weights as torch.optim.SGD
import collections.abc as container_abcs  # what torch._six's name stood for

import torch
from torch import nn


class PlainSGD(torch.optim.Optimizer):
    def __init__(self, params, lr):
        if not isinstance(params, container_abcs.Iterable):
            raise TypeError("params must be an iterable of tensors or dicts")
        super().__init__(params, dict(lr=lr))

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.add_(p.grad, alpha=-group["lr"])


torch.manual_seed(0)
model = nn.Linear(3, 1)
optimizer = PlainSGD(model.parameters(), lr=0.1)
x, target = torch.randn(3, 8, 3), torch.randn(3, 8, 1)
for step in range(3):
    optimizer.zero_grad()
    nn.functional.mse_loss(model(x[step]), target[step]).backward()
    optimizer.step()

# The reference: the model made again from the seed, trained by torch.optim.SGD.
torch.manual_seed(0)
plain = nn.Linear(3, 1)
plain_opt = torch.optim.SGD(plain.parameters(), lr=0.1)
for step in range(3):
    plain_opt.zero_grad()
    nn.functional.mse_loss(plain(x[step]), target[step]).backward()
    plain_opt.step()
same = all(torch.allclose(p, q) for p, q in zip(model.parameters(), plain.parameters()))
print("same weights as torch.optim.SGD:", same)

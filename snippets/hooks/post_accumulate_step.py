# min-torch: 2.1
import copy

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
reference = copy.deepcopy(model)  # trained the usual way, for comparison
x, target = torch.randn(16, 4), torch.randn(16, 1)

# one optimizer per parameter, stepped as soon as that parameter's .grad is complete
optimizers = {p: torch.optim.SGD([p], lr=0.1) for p in model.parameters()}
names = {p: name for name, p in model.named_parameters()}


def step_now(p):
    held = sum(q.grad is not None for q in model.parameters())
    print(f"{names[p]:9} .grad complete, gradients held: {held}")
    optimizers[p].step()
    optimizers[p].zero_grad(set_to_none=True)  # drops this gradient before backward goes on


for p in model.parameters():
    p.register_post_accumulate_grad_hook(step_now)

nn.functional.mse_loss(model(x), target).backward()  # the hooks run inside this call

optimizer = torch.optim.SGD(reference.parameters(), lr=0.1)
nn.functional.mse_loss(reference(x), target).backward()
optimizer.step()
same = all(torch.equal(p, q) for p, q in zip(model.parameters(), reference.parameters()))
print("same weights as optimizer.step():", same)
print("any .grad left:", any(p.grad is not None for p in model.parameters()))

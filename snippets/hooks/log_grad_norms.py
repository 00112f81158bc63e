# reference: same as a plain loop without hooks
from collections import defaultdict
from functools import partial

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, target = torch.randn(8, 3), torch.randn(8, 1)  # data: needs no gradient

grad_norms = defaultdict(list)


def record_norm(name, grad):
    grad_norms[name].append(round(grad.norm().item(), 4))  # reads the gradient, returns None


handles = [
    p.register_hook(partial(record_norm, name)) for name, p in model.named_parameters()
]

for step in range(3):
    if step == 2:
        for handle in handles:
            handle.remove()  # logging only the first two steps
    optimizer.zero_grad()
    nn.functional.mse_loss(model(x), target).backward()
    optimizer.step()

for name, _ in model.named_parameters():
    print(f"{name:8} {grad_norms[name]}")

# The reference: the same model drawn again from the seed, trained the same three steps
# without hooks, its gradients' norms read after each backward.
torch.manual_seed(0)
plain = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 1))
plain_optimizer = torch.optim.SGD(plain.parameters(), lr=0.1)
expected = defaultdict(list)
for step in range(3):
    plain_optimizer.zero_grad()
    nn.functional.mse_loss(plain(x), target).backward()
    if step < 2:
        for name, p in plain.named_parameters():
            expected[name].append(round(p.grad.norm().item(), 4))
    plain_optimizer.step()
same = grad_norms == expected and all(torch.equal(p, q) for p, q in zip(model.parameters(), plain.parameters()))
print("same as a plain loop without hooks:", same)

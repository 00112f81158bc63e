import torch
from torch import nn

torch.manual_seed(0)
encoder, head = nn.Linear(4, 3), nn.Linear(3, 2)
params = [*encoder.parameters(), *head.parameters()]
opt = torch.optim.SGD(params, lr=0.1)
x, labels = torch.randn(5, 4), torch.tensor([0, 1, 0, 1, 1])

emb = encoder(x)
dist = (emb[:, None] - emb[None]).pow(2).sum(-1).sqrt()  # NaN gradient: sqrt at 0 on the diagonal
loss = nn.functional.cross_entropy(head(emb), labels) + torch.relu(1.0 - dist).mean()
loss.backward()
print("head.weight.grad has NaN:", head.weight.grad.isnan().any().item())
total_norm = nn.utils.clip_grad_norm_(params, max_norm=1.0)  # the default: no error ...
print("total norm:", total_norm)
print("head.weight.grad has NaN:", head.weight.grad.isnan().any().item())  # ... and NaN everywhere
opt.step()
print("head.weight after the step:", head.weight.detach())

# reference: same gradients as the distinct pairs alone
import torch
from torch import nn

torch.manual_seed(0)
encoder = nn.Linear(4, 3)
emb = encoder(torch.randn(5, 4))
squared = (emb[:, None] - emb[None]).pow(2).sum(-1)
dist = (squared + 1e-12).sqrt()  # sqrt is never evaluated at 0: its slope there stays finite
print("dist[0]:", dist[0].detach())
loss = torch.relu(1.0 - dist).mean()
loss.backward()
print("encoder.weight.grad:", encoder.weight.grad)

# The reference: the same weights and input drawn again from the seed. A point's distance
# to itself is a constant (1e-6 here, 0 without eps), so the loss written with the distinct
# pairs alone, without eps, has the same gradients.
torch.manual_seed(0)
same_encoder = nn.Linear(4, 3)
emb = same_encoder(torch.randn(5, 4))
distinct = ~torch.eye(5, dtype=torch.bool)
pair_dist = (emb[:, None] - emb[None])[distinct].pow(2).sum(-1).sqrt()  # never 0
margin = (torch.relu(1.0 - pair_dist).sum() + 5 * (1.0 - 1e-6)) / 25
expected = torch.autograd.grad(margin, [same_encoder.weight, same_encoder.bias])
params = [encoder.weight, encoder.bias]
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(params, expected))
print("same gradients as the distinct pairs alone:", same)

# reference: same gradients as the distinct pairs alone
import torch
from torch import nn

torch.manual_seed(0)
encoder, head = nn.Linear(4, 3), nn.Linear(3, 2)
params = [*encoder.parameters(), *head.parameters()]
x, labels = torch.randn(5, 4), torch.tensor([0, 1, 0, 1, 1])

emb = encoder(x)
dist = torch.linalg.vector_norm(emb[:, None] - emb[None], dim=-1)  # gradient 0 at distance 0
loss = nn.functional.cross_entropy(head(emb), labels) + torch.relu(1.0 - dist).mean()
loss.backward()
total_norm = nn.utils.clip_grad_norm_(params, max_norm=1.0, error_if_nonfinite=True)
print("total norm before clipping:", total_norm)

# The reference: the distance of each point to itself is 0 whatever the weights, so the
# loss written with the distinct pairs alone (and that constant) has the same gradients.
emb = encoder(x)
distinct = ~torch.eye(5, dtype=torch.bool)
pair_dist = (emb[:, None] - emb[None])[distinct].pow(2).sum(-1).sqrt()  # never 0
margin = (torch.relu(1.0 - pair_dist).sum() + 5 * 1.0) / 25
expected = torch.autograd.grad(nn.functional.cross_entropy(head(emb), labels) + margin, params)
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(params, expected))
print("same gradients as the distinct pairs alone:", same)

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

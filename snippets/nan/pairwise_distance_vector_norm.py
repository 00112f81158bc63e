import torch
from torch import nn

torch.manual_seed(0)
encoder = nn.Linear(4, 3)
emb = encoder(torch.randn(5, 4))
dist = torch.linalg.vector_norm(emb[:, None] - emb[None], dim=-1)  # its gradient at 0 is defined as 0
print("dist[0]:", dist[0].detach())
loss = torch.relu(1.0 - dist).mean()
loss.backward()
print("encoder.weight.grad:", encoder.weight.grad)

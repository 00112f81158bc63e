import torch
from torch import nn

# A contrastive-style loss on the pairwise distances of a batch of embeddings.
torch.manual_seed(0)
encoder = nn.Linear(4, 3)
emb = encoder(torch.randn(5, 4))
squared = (emb[:, None] - emb[None]).pow(2).sum(-1)
dist = squared.sqrt()  # the diagonal is each point's distance to itself: sqrt(0)
print("dist[0]:", dist[0].detach())
loss = torch.relu(1.0 - dist).mean()
loss.backward()
print("encoder.weight.grad:", encoder.weight.grad)

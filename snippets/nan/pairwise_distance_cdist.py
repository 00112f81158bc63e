import torch
from torch import nn

torch.manual_seed(0)
encoder = nn.Linear(4, 3)
emb = encoder(torch.randn(5, 4))
dist = torch.cdist(emb, emb)  # its backward gives 0 where a distance is 0
print("dist[0]:", dist[0].detach())
loss = torch.relu(1.0 - dist).mean()
loss.backward()
print("encoder.weight.grad:", encoder.weight.grad)

# Above 25 points, cdist computes Euclidean distances with a matrix product by default,
# which is faster but rounds: the diagonal is no longer exactly 0.
big = torch.randn(30, 3)
print("30 points, diagonal exactly 0:", bool((torch.cdist(big, big).diagonal() == 0).all()))
exact = torch.cdist(big, big, compute_mode="donot_use_mm_for_euclid_dist")
print("without the matrix product:   ", bool((exact.diagonal() == 0).all()))

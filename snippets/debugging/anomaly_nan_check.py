# raises: RuntimeError
# fixed-by: nan/pairwise_distance_eps
# cause: a hand-written distance takes sqrt at 0, and anomaly mode's NaN check stops the backward pass
import torch
from torch import nn

torch.autograd.set_detect_anomaly(True)  # check_nan=True is the default

torch.manual_seed(0)
encoder = nn.Linear(4, 3)
emb = encoder(torch.randn(5, 4))
squared = (emb[:, None] - emb[None]).pow(2).sum(-1)
dist = squared.sqrt()
loss = torch.relu(1.0 - dist).mean()
loss.backward()

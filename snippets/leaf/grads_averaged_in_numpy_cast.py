# reference: same gradients as autograd on the server's weighted loss
import copy

import numpy as np
import torch
from torch import nn

torch.manual_seed(0)
server = nn.Linear(4, 2)
sizes = [5, 3]  # samples on each client
uploads, batches = [], []
for n in sizes:
    client = copy.deepcopy(server)
    x, y = torch.randn(n, 4), torch.randn(n, 2)
    batches.append((x, y))
    nn.functional.mse_loss(client(x), y).backward()
    uploads.append({name: p.grad.numpy() for name, p in client.named_parameters()})

for name, p in server.named_parameters():
    averaged = np.average([u[name] for u in uploads], axis=0, weights=sizes)
    # back in the parameter's own dtype (and device)
    p.grad = torch.from_numpy(averaged).to(p)
    print(name, p.grad.dtype, "for a", p.dtype, "parameter")

# The reference: autograd differentiates the clients' losses on the server itself,
# weighted by their sample counts as the average was.
loss = sum(n * nn.functional.mse_loss(server(x), y) for n, (x, y) in zip(sizes, batches)) / sum(sizes)
expected = torch.autograd.grad(loss, list(server.parameters()))
same = all(torch.allclose(p.grad, e) for p, e in zip(server.parameters(), expected))
print("same gradients as autograd on the server's weighted loss:", same)

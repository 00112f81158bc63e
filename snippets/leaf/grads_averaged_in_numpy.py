# raises: RuntimeError
# fixed-by: leaf/grads_averaged_in_numpy_cast
# cause: the server averages the clients' gradients with NumPy, weighted by their sample counts, and the float64 result is assigned to the float32 parameters' .grad
import copy

import numpy as np
import torch
from torch import nn

torch.manual_seed(0)
server = nn.Linear(4, 2)
sizes = [5, 3]  # samples on each client
uploads = []
for n in sizes:
    client = copy.deepcopy(server)
    x, y = torch.randn(n, 4), torch.randn(n, 2)
    nn.functional.mse_loss(client(x), y).backward()
    uploads.append({name: p.grad.numpy() for name, p in client.named_parameters()})

for name, p in server.named_parameters():
    averaged = np.average([u[name] for u in uploads], axis=0, weights=sizes)
    print(name, averaged.dtype, "for a", p.dtype, "parameter")
    p.grad = torch.from_numpy(averaged)

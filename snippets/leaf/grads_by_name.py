# reference: same gradients as autograd on the server's average loss
import copy

import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.mask_token = nn.Parameter(torch.zeros(8))  # only the pretraining loss uses it
        self.encoder = nn.Linear(6, 8)
        self.classifier = nn.Linear(8, 3)

    def forward(self, x):
        return self.classifier(torch.relu(self.encoder(x)))


torch.manual_seed(0)
server = Net()
client_grads, batches = [], []
for _ in range(2):
    client = copy.deepcopy(server)
    x, y = torch.randn(5, 6), torch.randint(0, 3, (5,))
    batches.append((x, y))
    nn.functional.cross_entropy(client(x), y).backward()
    # keyed by name, so a parameter no loss reached leaves no gap
    client_grads.append({n: p.grad for n, p in client.named_parameters() if p.grad is not None})

for name, p in server.named_parameters():
    if name in client_grads[0]:
        p.grad = torch.stack([grads[name] for grads in client_grads]).mean(0)
print({n: tuple(p.grad.shape) if p.grad is not None else None for n, p in server.named_parameters()})

# The reference: autograd differentiates the mean of the two clients' losses on the
# server itself (the clients were copies of it, so their gradients average to this).
loss = sum(nn.functional.cross_entropy(server(x), y) for x, y in batches) / 2
trained = [p for n, p in server.named_parameters() if n in client_grads[0]]
expected = torch.autograd.grad(loss, trained)
same = all(torch.allclose(p.grad, e) for p, e in zip(trained, expected))
same = same and server.mask_token.grad is None
print("same gradients as autograd on the server's average loss:", same)

# raises: RuntimeError
# fixed-by: leaf/grads_by_name
# cause: two clients' gradients are gathered into lists that skip the parameter no loss reached, then averaged and handed back to the server's parameters by position, so every gradient lands one place early, on a parameter of another shape
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
client_grads = []
for _ in range(2):
    client = copy.deepcopy(server)
    x, y = torch.randn(5, 6), torch.randint(0, 3, (5,))
    nn.functional.cross_entropy(client(x), y).backward()
    client_grads.append([p.grad for p in client.parameters() if p.grad is not None])

averaged = [torch.stack(pair).mean(0) for pair in zip(*client_grads)]
print("parameters:", len(list(server.parameters())), "gradients:", len(averaged))
for p, g in zip(server.parameters(), averaged):
    p.grad = g

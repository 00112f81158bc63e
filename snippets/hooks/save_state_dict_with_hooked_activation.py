# reference: same gradients from the loaded model as from the saved one
import io

import torch
from torch import nn


kept_grads = {}


def keep_grad(grad):
    kept_grads["features"] = grad


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(3, 4)
        self.head = nn.Linear(4, 1)
        self.features = None

    def forward(self, x):
        self.features = torch.relu(self.body(x))  # kept for inspection after backward
        self.features.register_hook(keep_grad)
        return self.head(self.features)


torch.manual_seed(0)
model = Net()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, target = torch.randn(8, 3), torch.randn(8, 1)
optimizer.zero_grad()
nn.functional.mse_loss(model(x), target).backward()
optimizer.step()

# the checkpoint holds the parameters and buffers only
buffer = io.BytesIO()
torch.save(model.state_dict(), buffer)
buffer.seek(0)
loaded = Net()
loaded.load_state_dict(torch.load(buffer, weights_only=False))  # our own file, written above
print("saved entries:", sorted(loaded.state_dict()))

# The reference: one more backward on each, the model that was saved and the one loaded.
grads = []
for net in (model, loaded):
    net.zero_grad()
    nn.functional.mse_loss(net(x), target).backward()
    grads.append([p.grad for p in net.parameters()] + [kept_grads["features"]])
same = all(torch.equal(a, b) for a, b in zip(*grads))
print("same gradients from the loaded model as from the saved one:", same)

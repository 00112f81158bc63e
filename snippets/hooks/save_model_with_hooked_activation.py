# fixed-by: hooks/save_state_dict_with_hooked_activation
# cause: a module keeps its last activation as an attribute, with a hook on it that stores its gradient (as Grad-CAM code does), and the checkpoint pickles the whole module with torch.save(model)
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
print("gradient kept for the features:", tuple(kept_grads["features"].shape))

# the checkpoint pickles the whole module, the kept activation and its hook with it
buffer = io.BytesIO()
torch.save(model, buffer)
print("saved bytes > 0:", buffer.tell() > 0)

import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body, self.head = nn.Linear(4, 8), nn.Linear(8, 3)
        self.aux_head = nn.Linear(8, 3)  # used only in some experiments

    def forward(self, x):
        return self.head(torch.relu(self.body(x)))


def grad_norm(optimizer):
    norms = [p.grad.norm() for group in optimizer.param_groups for p in group["params"]
             if p.grad is not None]  # skip what got no gradient this step
    return torch.stack(norms).norm()


torch.manual_seed(0)
model = Net()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))
nn.functional.cross_entropy(model(x), y).backward()
print(f"grad norm: {grad_norm(optimizer):.4f}")

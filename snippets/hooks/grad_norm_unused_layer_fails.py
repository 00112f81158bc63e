# raises: AttributeError
# fixed-by: hooks/grad_norm_unused_layer_fixed
# cause: a grad-norm computation loops over every parameter although one layer got no gradient in this step
import torch
from torch import nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body, self.head = nn.Linear(4, 8), nn.Linear(8, 3)
        self.aux_head = nn.Linear(8, 3)  # used only in some experiments

    def forward(self, x):
        return self.head(torch.relu(self.body(x)))


def grad_norm(optimizer):  # the norm that SAM's first step scales by
    norms = [p.grad.norm() for group in optimizer.param_groups for p in group["params"]]
    return torch.stack(norms).norm()


torch.manual_seed(0)
model = Net()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))
nn.functional.cross_entropy(model(x), y).backward()
print("aux_head.weight.grad:", model.aux_head.weight.grad)
print("grad norm:", grad_norm(optimizer))

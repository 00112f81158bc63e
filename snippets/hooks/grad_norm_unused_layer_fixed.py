# reference: same as autograd.grad's gradients
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

# The reference: the gradients of the layers the forward pass used, from autograd.grad on a
# fresh forward, and the norm of all of them as one vector; aux_head gets none.
used = [*model.body.parameters(), *model.head.parameters()]
expected = torch.autograd.grad(nn.functional.cross_entropy(model(x), y), used)
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(used, expected))
same = same and all(p.grad is None for p in model.aux_head.parameters())
same = same and torch.allclose(grad_norm(optimizer), torch.cat([e.flatten() for e in expected]).norm())
print("same as autograd.grad's gradients:", same)

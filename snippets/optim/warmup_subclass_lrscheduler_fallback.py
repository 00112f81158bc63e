# reference: weights as SGD at the warm-up's rates gives them
import torch
from torch import nn

try:
    from torch.optim.lr_scheduler import LRScheduler
except ImportError:  # PyTorch 1.13 and older: the same class, under its older name
    from torch.optim.lr_scheduler import _LRScheduler as LRScheduler


class LinearWarmup(LRScheduler):
    def __init__(self, optimizer, warmup_steps, last_epoch=-1):
        self.warmup_steps = warmup_steps
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        factor = min(1.0, (self.last_epoch + 1) / self.warmup_steps)
        return [base_lr * factor for base_lr in self.base_lrs]


torch.manual_seed(0)
model = nn.Linear(3, 1)
start = [p.detach().clone() for p in model.parameters()]
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = LinearWarmup(optimizer, warmup_steps=4)
x, target = torch.randn(6, 8, 3), torch.randn(6, 8, 1)

used = []
for step in range(6):
    used.append(optimizer.param_groups[0]["lr"])
    optimizer.zero_grad()
    nn.functional.mse_loss(model(x[step]), target[step]).backward()
    optimizer.step()
    scheduler.step()
print("learning rates used:", [f"{lr:.4f}" for lr in used])

# The reference: the warm-up's rule written out, 0.1 * min(1, (step + 1) / 4), and plain
# gradient descent at those rates from the same starting weights.
weight, bias = (p.clone().requires_grad_() for p in start)
for step in range(6):
    rate = 0.1 * min(1.0, (step + 1) / 4)
    loss = nn.functional.mse_loss(x[step] @ weight.T + bias, target[step])
    grad_w, grad_b = torch.autograd.grad(loss, (weight, bias))
    with torch.no_grad():
        weight -= rate * grad_w
        bias -= rate * grad_b
same = torch.allclose(model.weight, weight) and torch.allclose(model.bias, bias)
print("weights as SGD at the warm-up's rates gives them:", same)

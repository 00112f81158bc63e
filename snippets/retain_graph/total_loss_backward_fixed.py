# reference: same gradients and weights as plain SGD steps
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(16, 3), torch.randn(16, 1)) for _ in range(4)]

total_loss = 0.0
for step, (x, y) in enumerate(batches):
    loss = nn.functional.mse_loss(model(x), y)
    opt.zero_grad()
    loss.backward()  # this step's graph only
    opt.step()
    total_loss += loss.item()  # a Python float, for the log
    print(f"step {step}: total_loss {total_loss:.4f}")

# The reference: the four steps written out plainly from the same start, without the running
# total or the optimizer: each batch's gradient, then w - 0.1 * gradient.
torch.manual_seed(0)
plain = nn.Sequential(nn.Linear(3, 8), nn.Tanh(), nn.Linear(8, 1))
for x, y in batches:
    grads = torch.autograd.grad(nn.functional.mse_loss(plain(x), y), list(plain.parameters()))
    with torch.no_grad():
        for w, g in zip(plain.parameters(), grads):
            w -= 0.1 * g
pairs = list(zip(model.parameters(), plain.parameters(), grads))  # grads: the last step's
same = all(p.grad is not None and torch.allclose(p.grad, g) and torch.allclose(p, w) for p, w, g in pairs)
print("same gradients and weights as plain SGD steps:", same)

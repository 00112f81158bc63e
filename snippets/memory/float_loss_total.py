# fixed-by: memory/float_loss_detached
# cause: float(loss) added to the epoch's total for the log
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 10))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(64, 32), torch.randint(0, 10, (64,))) for _ in range(5)]

total_loss = 0.0
for x, y in batches:
    loss = nn.functional.cross_entropy(model(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    total_loss += float(loss) * len(y)  # loss still requires grad
print(f"mean loss {total_loss / (64 * len(batches)):.4f} | total_loss is a {type(total_loss).__name__}")

# reference: same parameters as training without the log
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
    total_loss += float(loss.detach()) * len(y)  # the number, taken from a tensor without a graph
print(f"mean loss {total_loss / (64 * len(batches)):.4f} | total_loss is a {type(total_loss).__name__}")

# The reference: the same five steps from the same start, with nothing taken for the log.
torch.manual_seed(0)
plain = nn.Sequential(nn.Linear(32, 64), nn.ReLU(), nn.Linear(64, 10))
plain_opt = torch.optim.SGD(plain.parameters(), lr=0.1)
for x, y in batches:
    plain_opt.zero_grad()
    nn.functional.cross_entropy(plain(x), y).backward()
    plain_opt.step()
same = all(torch.equal(p, q) for p, q in zip(model.parameters(), plain.parameters()))
print("same parameters as training without the log:", same)

# graph: loss
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(32, 128), nn.ReLU(), nn.Linear(128, 10))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(64, 32), torch.randint(0, 10, (64,))) for _ in range(10)]

loss_history = []  # for a loss curve at the end
for epoch in range(3):
    running_loss = 0.0
    for x, y in batches:
        loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        running_loss += loss.item()  # a Python float: no graph to keep
        loss_history.append(loss.item())
    print(
        f"epoch {epoch}: mean loss {running_loss / len(batches):.4f} | running_loss is a "
        f"{type(running_loss).__name__}, loss_history holds {type(loss_history[-1]).__name__}s"
    )

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

# fixed-by: amp/autocast_device_type
# cause: a training step hard-codes torch.autocast("cuda") and runs on a machine where PyTorch sees no GPU
import torch
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4)).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
x, target = torch.randn(8, 16, device=device), torch.randint(0, 4, (8,), device=device)

with torch.autocast("cuda"):
    logits = model(x)
    loss = nn.functional.cross_entropy(logits, target)
loss.backward()
optimizer.step()
print("device:", device.type, "| logits dtype:", logits.dtype)

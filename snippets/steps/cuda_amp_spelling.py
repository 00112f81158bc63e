# fixed-by: steps/amp_on_model_device
# cause: a training loop written before 2.4 uses torch.cuda.amp.autocast and torch.cuda.amp.GradScaler, switched on only on a GPU
import torch
from torch import nn

use_amp = torch.cuda.is_available()
device = torch.device("cuda" if use_amp else "cpu")
torch.manual_seed(0)
model = nn.Linear(16, 4).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.cuda.amp.GradScaler(enabled=use_amp)
x, target = torch.randn(8, 16, device=device), torch.randint(0, 4, (8,), device=device)

with torch.cuda.amp.autocast(enabled=use_amp):
    loss = nn.functional.cross_entropy(model(x), target)
scaler.scale(loss).backward()
scaler.step(optimizer)
scaler.update()
print("loss", round(loss.item(), 4), loss.dtype)

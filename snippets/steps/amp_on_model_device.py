# min-torch: 2.3
# reference: same gradients as without the scaler
import torch
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
use_amp = device.type == "cuda"  # float16 with loss scaling where it pays: on a GPU
torch.manual_seed(0)
model = nn.Linear(16, 4).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
# both name the model's device; enabled= switches mixed precision off without a warning
scaler = torch.amp.GradScaler(device.type, enabled=use_amp)
x, target = torch.randn(8, 16, device=device), torch.randint(0, 4, (8,), device=device)

with torch.autocast(device.type, enabled=use_amp):
    loss = nn.functional.cross_entropy(model(x), target)
scaler.scale(loss).backward()
scaler.step(optimizer)
scaler.update()
print("scaler enabled:", scaler.is_enabled())
print("loss", round(loss.item(), 4), loss.dtype)

# The reference: the same loss under the same autocast setting, with no scaler, from the same
# initial weights; the scaler's step leaves the gradients unscaled, so they must be these.
torch.manual_seed(0)
plain = nn.Linear(16, 4).to(device)
with torch.autocast(device.type, enabled=use_amp):
    plain_loss = nn.functional.cross_entropy(plain(x), target)
expected = torch.autograd.grad(plain_loss, list(plain.parameters()))
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(model.parameters(), expected))
print("same gradients as without the scaler:", same)

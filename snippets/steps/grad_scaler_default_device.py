# fixed-by: steps/amp_on_model_device
# cause: torch.amp.GradScaler() is created without a device, which means "cuda", for a model trained on the CPU
# min-torch: 2.3
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(16, 4)  # on the CPU
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler()  # the new spelling, but no device named
x, target = torch.randn(8, 16), torch.randint(0, 4, (8,))

with torch.autocast("cpu", dtype=torch.float16):
    loss = nn.functional.cross_entropy(model(x), target)
scaled = scaler.scale(loss)
print("scaler enabled:", scaler.is_enabled())
print("loss", round(loss.item(), 4), "scaled loss", round(scaled.item(), 4))

# fixed-by: steps/amp_on_model_device
# cause: a training step creates torch.cuda.amp.GradScaler() unconditionally and runs on a machine where PyTorch sees no GPU
import torch
from torch import nn

device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
torch.manual_seed(0)
model = nn.Linear(16, 4).to(device)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.cuda.amp.GradScaler()  # copied from a GPU training script
x, target = torch.randn(8, 16, device=device), torch.randint(0, 4, (8,), device=device)

loss = nn.functional.cross_entropy(model(x), target)
scaled = scaler.scale(loss)
print("scaler enabled:", scaler.is_enabled())
print("loss", round(loss.item(), 4), "scaled loss", round(scaled.item(), 4))
scaled.backward()
scaler.step(optimizer)
scaler.update()
print("scale after update:", scaler.get_scale())

# reference: same weights as a plain loop
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(8, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
device = "cuda" if torch.cuda.is_available() else "cpu"
if hasattr(torch.amp, "GradScaler"):  # PyTorch 2.3 and later, for any device
    scaler = torch.amp.GradScaler(device)
else:  # older releases: the CUDA scaler, switched off where there is no GPU
    scaler = torch.cuda.amp.GradScaler(enabled=device == "cuda")
print("scaler enabled:", scaler.is_enabled())
x, target = torch.randn(3, 16, 8), torch.randn(3, 16, 1)

for step in range(3):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x[step]), target[step])
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()

# The reference: the model made again from the seed, trained by a plain loop with no scaler.
torch.manual_seed(0)
plain = nn.Linear(8, 1)
plain_opt = torch.optim.SGD(plain.parameters(), lr=0.01)
for step in range(3):
    plain_opt.zero_grad()
    nn.functional.mse_loss(plain(x[step]), target[step]).backward()
    plain_opt.step()
same = all(torch.allclose(p, q) for p, q in zip(model.parameters(), plain.parameters()))
print("same weights as a plain loop:", same)

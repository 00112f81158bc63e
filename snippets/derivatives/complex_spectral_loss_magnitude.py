# reference: same steps as a real-valued DFT
import math

import torch

torch.manual_seed(0)
target = torch.sin(torch.linspace(0, 12.0, 64))
pred = torch.zeros(64, requires_grad=True)
opt = torch.optim.SGD([pred], lr=0.01)

for step in range(3):
    diff = torch.fft.rfft(pred) - torch.fft.rfft(target)
    loss = diff.abs().pow(2).mean()  # |z|^2 is real: a loss autograd can start from
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(f"step {step}: loss {loss.item():.3f} ({loss.dtype})")

# The reference: the same three steps in float64 with the DFT written as real sums of
# cosines and sines, no complex numbers: |rfft(d)[k]|**2 = (d @ cos)[k]**2 + (d @ sin)[k]**2.
n, k = torch.arange(64, dtype=torch.float64), torch.arange(33, dtype=torch.float64)
angle = 2 * math.pi * n[:, None] * k[None] / 64
plain = torch.zeros(64, dtype=torch.float64, requires_grad=True)
plain_opt = torch.optim.SGD([plain], lr=0.01)
for step in range(3):
    d = plain - target.double()
    plain_loss = ((d @ angle.cos()) ** 2 + (d @ angle.sin()) ** 2).mean()
    plain_opt.zero_grad()
    plain_loss.backward()
    plain_opt.step()
print("same steps as a real-valued DFT:", torch.allclose(pred.double(), plain))

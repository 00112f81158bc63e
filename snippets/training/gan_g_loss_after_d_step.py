# reference: same gradients as a fresh generator
import torch
from torch import nn

torch.manual_seed(0)
G = nn.Sequential(nn.Linear(8, 64), nn.Tanh(), nn.Unflatten(1, (1, 8, 8)))
D = nn.Sequential(
    nn.Conv2d(1, 8, 4, stride=2, padding=1), nn.LeakyReLU(0.2),
    nn.Conv2d(8, 1, 4), nn.Flatten(),
)
opt_g = torch.optim.Adam(G.parameters(), lr=2e-4)
opt_d = torch.optim.Adam(D.parameters(), lr=2e-4)
bce = nn.BCEWithLogitsLoss()
real = torch.randn(16, 1, 8, 8)
ones, zeros = torch.ones(16, 1), torch.zeros(16, 1)

fake = G(torch.randn(16, 8))
d_loss = bce(D(real), ones) + bce(D(fake.detach()), zeros)
opt_d.zero_grad()
d_loss.backward()
opt_d.step()

g_loss = bce(D(fake), ones)  # D runs again, with the weights it has after its step
opt_g.zero_grad()
g_loss.backward()
opt_g.step()
print(f"d_loss {d_loss.item():.4f} | g_loss {g_loss.item():.4f}")

# The reference: G's weights before its step and the same noise, drawn again from the seed
# (D's and real's draws repeated in between), and G's gradient through D as it is now.
torch.manual_seed(0)
fresh_G = nn.Sequential(nn.Linear(8, 64), nn.Tanh(), nn.Unflatten(1, (1, 8, 8)))
nn.Sequential(nn.Conv2d(1, 8, 4, stride=2, padding=1), nn.Conv2d(8, 1, 4))
torch.randn(16, 1, 8, 8)
expected = torch.autograd.grad(bce(D(fresh_G(torch.randn(16, 8))), ones), list(fresh_G.parameters()))
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(G.parameters(), expected))
print("same gradients as a fresh generator:", same)

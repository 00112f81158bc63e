# reference: same gradients and weights as without detach()
import torch
from torch import nn

torch.manual_seed(0)
G = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 2))  # noise -> 2-d sample
D = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 1))  # sample -> real/fake logit
opt_g, opt_d = torch.optim.Adam(G.parameters(), lr=1e-3), torch.optim.Adam(D.parameters(), lr=1e-3)
bce = nn.BCEWithLogitsLoss()
real_label, fake_label = torch.ones(32, 1), torch.zeros(32, 1)

for step in range(3):
    real, fake = torch.randn(32, 2) + 3, G(torch.randn(32, 4))
    d_loss = bce(D(real), real_label) + bce(D(fake.detach()), fake_label)  # D's step stops at fake
    opt_d.zero_grad()
    d_loss.backward()
    opt_d.step()
    print(f"step {step}: d_loss {d_loss.item():.4f}")
    g_loss = bce(D(fake), real_label)  # the generator wants D to call its samples real
    opt_g.zero_grad()
    g_loss.backward()  # G's graph is still intact: the first backward never entered it
    opt_g.step()
    print(f"step {step}: g_loss {g_loss.item():.4f}")

# The reference: the same three steps from the same start, without detach(): D's step gets
# a fake batch made under no_grad, G's step a fresh one from the same noise.
torch.manual_seed(0)
ref_G = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 2))
ref_D = nn.Sequential(nn.Linear(2, 16), nn.ReLU(), nn.Linear(16, 1))
ref_opt_g = torch.optim.Adam(ref_G.parameters(), lr=1e-3)
ref_opt_d = torch.optim.Adam(ref_D.parameters(), lr=1e-3)
for step in range(3):
    real, noise = torch.randn(32, 2) + 3, torch.randn(32, 4)
    with torch.no_grad():
        fake = ref_G(noise)
    ref_opt_d.zero_grad()
    (bce(ref_D(real), real_label) + bce(ref_D(fake), fake_label)).backward()
    ref_opt_d.step()
    ref_opt_g.zero_grad()
    bce(ref_D(ref_G(noise)), real_label).backward()
    ref_opt_g.step()
pairs = list(zip([*G.parameters(), *D.parameters()], [*ref_G.parameters(), *ref_D.parameters()]))
same = all(p.grad is not None and torch.allclose(p.grad, q.grad) and torch.allclose(p, q) for p, q in pairs)
print("same gradients and weights as without detach():", same)

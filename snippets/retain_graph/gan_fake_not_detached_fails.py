# raises: RuntimeError
# fixed-by: retain_graph/gan_fake_detached
# cause: a GAN's fake batch fed to the discriminator loss without detach(), then used again for the generator loss
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
    d_loss = bce(D(real), real_label) + bce(D(fake), fake_label)
    opt_d.zero_grad()
    d_loss.backward()  # runs on through fake into G's graph, and frees it
    opt_d.step()
    print(f"step {step}: d_loss {d_loss.item():.4f}")
    g_loss = bce(D(fake), real_label)  # the generator wants D to call its samples real
    opt_g.zero_grad()
    g_loss.backward()  # needs G's graph again
    opt_g.step()
    print(f"step {step}: g_loss {g_loss.item():.4f}")

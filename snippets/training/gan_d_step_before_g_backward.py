# raises: RuntimeError
# fixed-by: training/gan_g_loss_after_d_step
# cause: a GAN step computes the generator's loss, then steps the discriminator's optimizer before the generator's backward
import torch
from torch import nn

torch.manual_seed(0)
G = nn.Sequential(nn.Linear(8, 64), nn.Tanh(), nn.Unflatten(1, (1, 8, 8)))
D = nn.Sequential(  # DCGAN style: convolutions down to one score per image
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
g_loss = bce(D(fake), ones)  # this graph saves D's weights as they are now

opt_d.zero_grad()
d_loss.backward()
opt_d.step()  # updates D's weights in place

opt_g.zero_grad()
g_loss.backward()
opt_g.step()

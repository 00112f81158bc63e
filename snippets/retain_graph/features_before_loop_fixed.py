# reference: same gradients and weights as a fresh forward per epoch
import torch
from torch import nn

torch.manual_seed(0)
backbone = nn.Sequential(nn.Linear(16, 32), nn.Tanh())  # pretrained; only the probe is trained
probe = nn.Linear(32, 3)
opt = torch.optim.SGD(probe.parameters(), lr=0.5)
images, labels = torch.randn(64, 16), torch.randint(0, 3, (64,))

with torch.no_grad():  # the backbone is not trained: its features need no graph
    features = backbone(images)
print("features.requires_grad:", features.requires_grad)
for epoch in range(3):
    loss = nn.functional.cross_entropy(probe(features), labels)
    opt.zero_grad()
    loss.backward()  # stops at features, a leaf
    opt.step()
    print(f"epoch {epoch}: loss {loss.item():.4f}")

# The reference: the same three epochs from the same start, the backbone run afresh in each
# (a graph of its own every time), the probe's step written out by hand.
torch.manual_seed(0)
plain_backbone, plain_probe = nn.Sequential(nn.Linear(16, 32), nn.Tanh()), nn.Linear(32, 3)
for epoch in range(3):
    loss = nn.functional.cross_entropy(plain_probe(plain_backbone(images)), labels)
    grads = torch.autograd.grad(loss, list(plain_probe.parameters()))
    with torch.no_grad():
        for w, g in zip(plain_probe.parameters(), grads):
            w -= 0.5 * g
pairs = list(zip(probe.parameters(), plain_probe.parameters(), grads))  # grads: the last epoch's
same = all(p.grad is not None and torch.allclose(p.grad, g) and torch.allclose(p, w) for p, w, g in pairs)
same = same and all(p.grad is None for p in backbone.parameters())  # the backbone is not trained
print("same gradients and weights as a fresh forward per epoch:", same)

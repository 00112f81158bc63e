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

import torch
import torch.nn.functional as F
from torch import nn


class FineTuner(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU())
        self.head = nn.Linear(8, 3)
        self.backbone.requires_grad_(False)

    def forward(self, x):
        return self.head(self.backbone(x))

    def train(self, mode=True):
        super().train(mode)
        self.backbone.eval()  # frozen: keep its batch norm statistics as they are
        return self


torch.manual_seed(0)
model = FineTuner()
norm = model.backbone[1]
opt = torch.optim.SGD(model.head.parameters(), lr=0.1)
mean_before = norm.running_mean.clone()

for epoch in range(2):
    model.train()  # the usual call at the top of each epoch
    for step in range(3):
        x, y = torch.randn(16, 4) * 2 + 1, torch.randint(0, 3, (16,))
        opt.zero_grad()
        F.cross_entropy(model(x), y).backward()
        opt.step()
print("model.training:", model.training, "| head.training:", model.head.training, end=" | ")
print("norm.training:", norm.training)
print("batches tracked:", norm.num_batches_tracked.item())
print(f"running_mean moved by {(norm.running_mean - mean_before).abs().max():.4f}")

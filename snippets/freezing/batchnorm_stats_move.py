import torch
import torch.nn.functional as F

torch.manual_seed(0)
backbone = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.BatchNorm1d(8), torch.nn.ReLU())
head = torch.nn.Linear(8, 3)
model = torch.nn.Sequential(backbone, head)
norm = backbone[1]

backbone.requires_grad_(False)  # frozen weights ...
opt = torch.optim.SGD(head.parameters(), lr=0.1)
mean_before = norm.running_mean.clone()

model.train()
for step in range(3):
    x, y = torch.randn(16, 4) * 2 + 1, torch.randint(0, 3, (16,))  # new data, other statistics
    opt.zero_grad()
    F.cross_entropy(model(x), y).backward()
    opt.step()
print("weight frozen:", not norm.weight.requires_grad, end=" | ")
print("batches tracked:", norm.num_batches_tracked.item())
print(f"running_mean moved by {(norm.running_mean - mean_before).abs().max():.4f}")  # ... moving

import torch
import torch.nn.functional as F


class Classifier(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU())
        self.head = torch.nn.Linear(8, 3)

    def forward(self, x):
        return self.head(self.backbone(x))


torch.manual_seed(0)
model = Classifier()
opt = torch.optim.SGD(model.parameters(), lr=0.5)
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))

model.requires_grad_(False)  # the real bug: everything frozen
x.requires_grad_()  # the "fix" for the error: now the loss depends on something that requires grad
for step in range(3):
    opt.zero_grad()
    loss = F.cross_entropy(model(x), y)
    loss.backward()  # runs, and computes a gradient for the data
    opt.step()
    print(f"step {step}: loss {loss.item():.4f}")
print("x.grad shape:", tuple(x.grad.shape))
print("parameters with a gradient:", [n for n, p in model.named_parameters() if p.grad is not None])

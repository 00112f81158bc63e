import torch
import torch.nn.functional as F


class Classifier(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU())
        self.head = torch.nn.Linear(8, 3)

    def forward(self, x):
        return self.head(self.encoder(x))  # no detach(): the encoder trains with the head


torch.manual_seed(0)
model = Classifier()
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))

loss = F.cross_entropy(model(x), y)
loss.backward()
for name, p in model.named_parameters():
    print(f"{name:<16} grad {None if p.grad is None else f'norm {p.grad.norm():.3f}'}")

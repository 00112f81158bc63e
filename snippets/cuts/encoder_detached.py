# graph: loss
import torch
import torch.nn.functional as F


class Classifier(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU())
        self.head = torch.nn.Linear(8, 3)

    def forward(self, x):
        features = self.encoder(x).detach()  # left over from an experiment with a frozen encoder
        return self.head(features)


torch.manual_seed(0)
model = Classifier()
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))

loss = F.cross_entropy(model(x), y)
loss.backward()  # no error: the head still connects the loss to some parameters
for name, p in model.named_parameters():
    print(f"{name:<16} grad {None if p.grad is None else f'norm {p.grad.norm():.3f}'}")

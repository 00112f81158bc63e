# reference: same gradients as cross-entropy's derivative by hand
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
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))

model.backbone.requires_grad_(False)  # freeze the part that is meant to stay fixed
trainable = [name for name, p in model.named_parameters() if p.requires_grad]
print("trainable parameters:", trainable)
loss = F.cross_entropy(model(x), y)
loss.backward()
for name, p in model.named_parameters():
    print(f"{name:<17} grad {None if p.grad is None else tuple(p.grad.shape)}")

# The reference: cross-entropy's derivative by hand, (softmax - one-hot) / batch size,
# carried through the head: times its input for the weight, summed for the bias. The
# frozen backbone must stay without a gradient.
features = model.backbone(x)
delta = (torch.softmax(model.head(features), dim=1) - F.one_hot(y, 3)) / len(y)
expected = [delta.T @ features, delta.sum(dim=0)]
grads = [model.head.weight.grad, model.head.bias.grad]
same = all(g is not None and torch.allclose(g, e) for g, e in zip(grads, expected))
same = same and all(p.grad is None for p in model.backbone.parameters())
print("same gradients as cross-entropy's derivative by hand:", same)

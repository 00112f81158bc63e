# reference: same gradients as the closed form
import torch
from torch import nn

torch.manual_seed(0)
backbone = nn.Sequential(nn.Linear(8, 16), nn.ReLU())  # pretrained
head = nn.Linear(16, 2)  # the part being fine-tuned
backbone.requires_grad_(False)
model = nn.Sequential(backbone, head)

grad_norms = {}


def log_norm(name):
    def hook(grad):
        grad_norms[name] = round(grad.norm().item(), 4)
    return hook


for name, p in model.named_parameters():
    if p.requires_grad:  # a frozen parameter gets no gradient to log
        p.register_hook(log_norm(name))

x, y = torch.randn(4, 8), torch.tensor([0, 1, 1, 0])
nn.functional.cross_entropy(model(x), y).backward()
print(grad_norms)

# The reference: the head's gradients in closed form, from the gradient of the mean
# cross-entropy for the logits, (softmax - one-hot) / batch; the frozen backbone gets none.
features = backbone(x)
g = (torch.softmax(head(features), 1) - nn.functional.one_hot(y, 2)) / len(y)
got, expected = [head.weight.grad, head.bias.grad], [g.t() @ features, g.sum(0)]
same = all(w is not None and torch.allclose(w, e) for w, e in zip(got, expected))
same = same and all(p.grad is None for p in backbone.parameters())
same = same and sorted(grad_norms) == ["1.bias", "1.weight"]
print("same gradients as the closed form:", same)

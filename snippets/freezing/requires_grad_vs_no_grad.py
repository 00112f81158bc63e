import torch
import torch.nn.functional as F

torch.manual_seed(0)
adapter = torch.nn.Linear(4, 8)  # trainable, in front of the pretrained block
pretrained = torch.nn.Linear(8, 8)  # to be kept fixed
head = torch.nn.Linear(8, 3)
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))


def grad_norms():
    return " ".join(
        f"{name} {'None' if m.weight.grad is None else f'{m.weight.grad.norm():.3f}'}"
        for name, m in [("adapter", adapter), ("pretrained", pretrained), ("head", head)]
    )


pretrained.requires_grad_(False)  # frozen: no .grad, but gradients still pass through it
F.cross_entropy(head(torch.relu(pretrained(adapter(x)))), y).backward()
print("requires_grad_(False):", grad_norms())

for m in (adapter, pretrained, head):
    m.zero_grad(set_to_none=True)
pretrained.requires_grad_(True)
with torch.no_grad():  # frozen by not recording: nothing before it is reached either
    features = torch.relu(pretrained(adapter(x)))
F.cross_entropy(head(features), y).backward()
print("no_grad():            ", grad_norms())

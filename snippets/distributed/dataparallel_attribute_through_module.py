# reference: same gradients as without DataParallel
import torch
from torch import nn


class Tagger(nn.Module):
    def __init__(self, num_classes):
        super().__init__()
        self.num_classes = num_classes
        self.layer = nn.Linear(8, num_classes)

    def forward(self, x):
        return self.layer(x)


torch.manual_seed(0)
model = nn.DataParallel(Tagger(num_classes=4))
x, labels = torch.randn(6, 8), torch.tensor([0, 3, 1, 1, 2, 0])
# the model's own attributes and methods are on model.module; the forward still goes
# through the wrapper, which splits the batch across GPUs when there are several
targets = nn.functional.one_hot(labels, model.module.num_classes).float()
nn.functional.binary_cross_entropy_with_logits(model(x), targets).backward()
print("targets:", tuple(targets.shape))

# The reference: the same network, drawn again from the same seed, without DataParallel.
torch.manual_seed(0)
plain = Tagger(num_classes=4)
nn.functional.binary_cross_entropy_with_logits(plain(x), targets).backward()
same = all(p.grad is not None and torch.allclose(p.grad, q.grad)
           for p, q in zip(model.module.parameters(), plain.parameters()))
print("same gradients as without DataParallel:", same)

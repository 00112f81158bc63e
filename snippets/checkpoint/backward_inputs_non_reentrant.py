# reference: same gradients as without checkpointing
import warnings

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

# PyTorch 2.4.1's own checkpoint code calls an API that release deprecated, and warns
# about it in backward; nothing in this code could avoid that warning
warnings.filterwarnings("ignore", r".*torch\.cpu\.amp\.autocast", FutureWarning)


class Model(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.stem = nn.Linear(8, dim)
        self.blocks = nn.ModuleList(nn.Sequential(nn.Linear(dim, dim), nn.GELU()) for _ in range(2))
        self.head = nn.Linear(dim, 4)

    def forward(self, x):
        x = self.stem(x)
        for block in self.blocks:
            x = checkpoint(block, x, use_reentrant=False)  # recompute each block in backward
        return self.head(x)


torch.manual_seed(0)
model = Model()
x, target = torch.randn(8, 8), torch.randint(0, 4, (8,))
loss = nn.functional.cross_entropy(model(x), target)
# this phase trains everything but the head: no gradient is computed for the head
loss.backward(inputs=[p for name, p in model.named_parameters() if not name.startswith("head.")])
print("with a gradient:", [n for n, p in model.named_parameters() if p.grad is not None])

# The reference: the same layers run without checkpointing, differentiated for the same
# parameters; the head's must stay without a gradient.
h = model.stem(x)
for block in model.blocks:
    h = block(h)
trained = [p for name, p in model.named_parameters() if not name.startswith("head.")]
expected = torch.autograd.grad(nn.functional.cross_entropy(model.head(h), target), trained)
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(trained, expected))
same = same and all(p.grad is None for p in model.head.parameters())
print("same gradients as without checkpointing:", same)

# reference: same gradients as one pass over all items
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(5, 1)
items = torch.randn(12, 5)

scores = torch.empty(0, 1)
for chunk in items.split(4):
    out = model(chunk)
    scores = torch.cat([scores, out])  # a new, longer tensor, recorded by autograd
print("scores:", tuple(scores.shape), "| requires grad:", scores.requires_grad)

loss = -torch.log_softmax(scores.squeeze(1), dim=0)[0]  # item 0 is the relevant one
loss.backward()

# The reference: the same loss on the model's scores for all items in one forward pass.
plain_loss = -torch.log_softmax(model(items).squeeze(1), dim=0)[0]
expected = torch.autograd.grad(plain_loss, list(model.parameters()))
same = all(p.grad is not None and torch.allclose(p.grad, e, atol=1e-6)
           for p, e in zip(model.parameters(), expected))
print("same gradients as one pass over all items:", same)

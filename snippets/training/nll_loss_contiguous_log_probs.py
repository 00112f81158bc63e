# reference: same gradients as the loss over a flat list of edges
import torch
from torch import nn

torch.manual_seed(0)
head = nn.Linear(8, 2)
edges = torch.randn(3, 5, 5, 8)
target = torch.randint(0, 2, (3, 5, 5))
log_probs = torch.log_softmax(head(edges), dim=3)
# .contiguous() lays the permuted values out in their new order, as nll_loss's backward needs
y = log_probs.permute(0, 3, 1, 2).contiguous()
print("contiguous:", y.is_contiguous())
nn.functional.nll_loss(y, target).backward()
grads = [p.grad.clone() for p in head.parameters()]

# The reference: the same loss with every edge as one row of classes, no permute at all.
head.zero_grad(set_to_none=True)
flat = torch.log_softmax(head(edges), dim=3).reshape(-1, 2)
nn.functional.nll_loss(flat, target.reshape(-1)).backward()
same = all(torch.allclose(g, p.grad) for g, p in zip(grads, head.parameters()))
print("same gradients as the loss over a flat list of edges:", same)

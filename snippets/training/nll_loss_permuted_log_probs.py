# raises: RuntimeError
# fixed-by: training/nll_loss_contiguous_log_probs
# cause: log-probabilities computed with the classes on the last dimension are permuted to put the classes on dimension 1 and given to nll_loss as a 4-D input without .contiguous(); its backward makes the input's gradient with the permuted strides and refuses it
import torch
from torch import nn

torch.manual_seed(0)
# an edge classifier on graphs of 5 nodes: one score per class for each pair of nodes
head = nn.Linear(8, 2)
edges = torch.randn(3, 5, 5, 8)  # batch, node, node, features
target = torch.randint(0, 2, (3, 5, 5))
log_probs = torch.log_softmax(head(edges), dim=3)  # classes last
y = log_probs.permute(0, 3, 1, 2)  # batch, class, node, node, as nll_loss wants
print("contiguous:", y.is_contiguous())
loss = nn.functional.nll_loss(y, target)
loss.backward()

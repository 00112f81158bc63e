# reference: same gradient as without DDP
import os
import tempfile

import torch
import torch.distributed as dist
from torch import nn
from torch.nn.parallel import DistributedDataParallel as DDP

dist.init_process_group("gloo", init_method="file://" + os.path.join(tempfile.mkdtemp(), "rendezvous"),
                        rank=0, world_size=1)
torch.manual_seed(0)


class AttentionPool(nn.Module):
    """Pools a sequence of tokens with one learned query."""

    def __init__(self, dim=8):
        super().__init__()
        self.query = nn.Parameter(torch.randn(dim))  # no size-1 dimension: one possible stride

    def forward(self, tokens):                                       # (batch, n, dim)
        scores = torch.einsum("bnd,d->bn", tokens, self.query)[..., None]  # (batch, n, 1)
        return (scores.softmax(dim=1) * tokens).sum(dim=1)


model = DDP(AttentionPool())
tokens = torch.randn(4, 5, 8)
model(tokens).pow(2).mean().backward()
query = model.module.query
print("query", tuple(query.shape), "strides", query.stride(), "contiguous", query.is_contiguous())
print("grad ", tuple(query.grad.shape), "strides", query.grad.stride(), "contiguous", query.grad.is_contiguous())

# The reference: the query drawn again from the same seed, with its size-1 dimension as
# before the fix, and the pooling written out without DDP.
torch.manual_seed(0)
query_1d = torch.randn(1, 8, requires_grad=True)
scores = (tokens @ query_1d.T).softmax(dim=1)  # (batch, n, 1)
(scores * tokens).sum(dim=1).pow(2).mean().backward()
print("same gradient as without DDP:", query.grad is not None and torch.allclose(query.grad, query_1d.grad[0]))

del model  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

# fixed-by: distributed/grad_strides_vector_parameter
# cause: a parameter with a dimension of size 1 (a learned (1, dim) query) whose gradient comes back from einsum with other strides on that dimension
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
        self.query = nn.Parameter(torch.randn(1, dim))

    def forward(self, tokens):                                    # (batch, n, dim)
        scores = torch.einsum("bnd,qd->bnq", tokens, self.query)  # (batch, n, 1)
        return (scores.softmax(dim=1) * tokens).sum(dim=1)


model = DDP(AttentionPool())
model(torch.randn(4, 5, 8)).pow(2).mean().backward()
query = model.module.query
print("query", tuple(query.shape), "strides", query.stride(), "contiguous", query.is_contiguous())
print("grad ", tuple(query.grad.shape), "strides", query.grad.stride(), "contiguous", query.grad.is_contiguous())
del model  # DDP holds the process group: freed now, its threads end before Python exits
dist.destroy_process_group()

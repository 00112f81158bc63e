# raises: RuntimeError
# fixed-by: inplace/weight_edits_no_grad
# cause: the embedding row of the padding token is zeroed by index assignment outside torch.no_grad()
import torch
from torch import nn

torch.manual_seed(0)
PAD = 0
embedding = nn.Embedding(10, 4)
embedding.weight[PAD] = 0.0  # basic indexing: a view of the weight, written through

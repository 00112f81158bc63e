# raises: ValueError
# fixed-by: optim/param_groups_tied_once
# cause: groups built module by module in a model whose output layer shares (ties) the embedding's weight
import torch
from torch import nn


class TinyLM(nn.Module):
    def __init__(self, vocab=50, dim=8):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.body = nn.Linear(dim, dim)
        self.out = nn.Linear(dim, vocab, bias=False)
        self.out.weight = self.embed.weight  # weight tying: one Parameter, two modules


torch.manual_seed(0)
model = TinyLM()
lrs = {"embed": 1e-4, "body": 1e-3, "out": 1e-3}
opt = torch.optim.Adam([{"params": getattr(model, name).parameters(), "lr": lr} for name, lr in lrs.items()])

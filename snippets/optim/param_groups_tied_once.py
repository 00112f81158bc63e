# graph: loss
# reference: same gradients as the untied model
import copy

import torch
from torch import nn


class TinyLM(nn.Module):
    def __init__(self, vocab=50, dim=8):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.body = nn.Linear(dim, dim)
        self.out = nn.Linear(dim, vocab, bias=False)
        self.out.weight = self.embed.weight


torch.manual_seed(0)
model = TinyLM()
untied = copy.deepcopy(model)  # the same weights, for the reference below
lrs = {"embed": 1e-4, "body": 1e-3, "out": 1e-3}
seen = set()  # a shared Parameter goes to the first group that claims it
groups = []
for name, lr in lrs.items():
    params = [p for p in getattr(model, name).parameters() if id(p) not in seen]
    seen.update(id(p) for p in params)
    if params:
        groups.append({"params": params, "lr": lr})
opt = torch.optim.Adam(groups)
for group in opt.param_groups:
    print(f"lr {group['lr']:.0e}: {[tuple(p.shape) for p in group['params']]}")
print("tied weight in the first group:", opt.param_groups[0]["params"][0] is model.out.weight)
tokens = torch.randint(0, 50, (2, 4))
logits = model.out(torch.relu(model.body(model.embed(tokens[:, :-1]))))  # the tied matrix, used twice
loss = nn.functional.cross_entropy(logits.reshape(-1, 50), tokens[:, 1:].reshape(-1))
loss.backward()
opt.step()

# The reference: the model with its output matrix untied, a copy of its own; the tied
# matrix's gradient is the sum of the two copies' gradients.
untied.out.weight = nn.Parameter(untied.embed.weight.detach().clone())
logits = untied.out(torch.relu(untied.body(untied.embed(tokens[:, :-1]))))
nn.functional.cross_entropy(logits.reshape(-1, 50), tokens[:, 1:].reshape(-1)).backward()
expected = [untied.embed.weight.grad + untied.out.weight.grad, untied.body.weight.grad, untied.body.bias.grad]
got = [model.embed.weight.grad, model.body.weight.grad, model.body.bias.grad]
print("same gradients as the untied model:", all(g is not None and torch.allclose(g, e) for g, e in zip(got, expected)))

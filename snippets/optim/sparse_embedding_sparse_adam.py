# reference: the same weights as lazy Adam written out by hand
import copy
import math

import torch
from torch import nn


class BagOfWords(nn.Module):
    def __init__(self, vocab=50, dim=16, classes=3):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim, sparse=True)  # a sparse gradient: only the rows looked up
        self.head = nn.Linear(dim, classes)

    def forward(self, tokens):
        return self.head(self.embed(tokens).mean(dim=1))


torch.manual_seed(0)
model = BagOfWords()
# SparseAdam for the embedding's sparse gradient, Adam for the dense rest.
sparse_opt = torch.optim.SparseAdam(list(model.embed.parameters()), lr=1e-2)
dense_opt = torch.optim.Adam(model.head.parameters(), lr=1e-2)

# The reference: the same model with dense gradients; its head steps with plain Adam, its
# embedding with lazy Adam written by hand (SparseAdam's update, below).
ref = copy.deepcopy(model)
ref.embed.sparse = False
ref_opt = torch.optim.Adam(ref.head.parameters(), lr=1e-2)
m, v = torch.zeros_like(ref.embed.weight), torch.zeros_like(ref.embed.weight)
# For comparison, sparse=False and plain Adam for everything: no error, but another update.
dense = copy.deepcopy(ref)
dense_all = torch.optim.Adam(dense.parameters(), lr=1e-2)
b1, b2, eps, lr = 0.9, 0.999, 1e-8, 1e-2

torch.manual_seed(1)
batches = [(torch.randint(0, 50, (4, 3)), torch.randint(0, 3, (4,))) for _ in range(6)]
away = [r for r in batches[0][0].unique().tolist() if r not in batches[-1][0]][0]
for t, (tokens, labels) in enumerate(batches, start=1):
    if t == len(batches):  # a row the first batch looked up and the last does not
        before = model.embed.weight[away].clone(), dense.embed.weight[away].clone()
    sparse_opt.zero_grad()
    dense_opt.zero_grad()
    nn.functional.cross_entropy(model(tokens), labels).backward()
    sparse_opt.step()
    dense_opt.step()

    dense_all.zero_grad()
    nn.functional.cross_entropy(dense(tokens), labels).backward()
    dense_all.step()

    ref_opt.zero_grad()
    ref.embed.weight.grad = None
    nn.functional.cross_entropy(ref(tokens), labels).backward()
    ref_opt.step()
    with torch.no_grad():
        # Lazy Adam: only the rows this batch looked up get their moments and weights updated;
        # the bias corrections count every step, and eps is added to sqrt(v) before correcting.
        rows = tokens.unique()
        g = ref.embed.weight.grad[rows]
        m[rows] = b1 * m[rows] + (1 - b1) * g
        v[rows] = b2 * v[rows] + (1 - b2) * g * g
        step_size = lr * math.sqrt(1 - b2**t) / (1 - b1**t)
        ref.embed.weight[rows] -= step_size * m[rows] / (v[rows].sqrt() + eps)

print("embedding gradient is sparse:", model.embed.weight.grad.is_sparse)
print("last step moved a row it did not look up, SparseAdam:", not torch.equal(before[0], model.embed.weight[away]))
print("last step moved a row it did not look up, dense Adam:", not torch.equal(before[1], dense.embed.weight[away]))
same = all(torch.allclose(a, b, rtol=1e-5, atol=1e-6) for a, b in zip(model.parameters(), ref.parameters()))
print("the same weights as lazy Adam written out by hand:", same)

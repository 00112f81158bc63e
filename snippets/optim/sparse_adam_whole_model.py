# raises: RuntimeError
# fixed-by: optim/sparse_embedding_sparse_adam
# cause: every parameter of a model with a sparse embedding goes to SparseAdam, which takes sparse gradients only, and the dense layers' gradients are dense
import torch
from torch import nn


class BagOfWords(nn.Module):
    def __init__(self, vocab=1000, dim=16, classes=3):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim, sparse=True)  # a sparse gradient: only the rows looked up
        self.head = nn.Linear(dim, classes)  # a dense gradient, as every layer but the embedding has

    def forward(self, tokens):
        return self.head(self.embed(tokens).mean(dim=1))


torch.manual_seed(0)
model = BagOfWords()
opt = torch.optim.SparseAdam(model.parameters(), lr=1e-3)

tokens, labels = torch.randint(0, 1000, (8, 5)), torch.randint(0, 3, (8,))
opt.zero_grad()
nn.functional.cross_entropy(model(tokens), labels).backward()
for name, p in model.named_parameters():
    print(name, "gradient is sparse:", p.grad.is_sparse)
opt.step()

# raises: RuntimeError
# fixed-by: optim/sparse_embedding_sparse_adam
# cause: an nn.Embedding built with sparse=True gives its weight a sparse gradient (only the rows the batch looked up), and the model's parameters all go to Adam or AdamW, which take dense gradients only
import torch
from torch import nn


class BagOfWords(nn.Module):
    def __init__(self, vocab=1000, dim=16, classes=3):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim, sparse=True)  # a sparse gradient: only the rows looked up
        self.head = nn.Linear(dim, classes)

    def forward(self, tokens):
        return self.head(self.embed(tokens).mean(dim=1))


torch.manual_seed(0)
model = BagOfWords()
opt = torch.optim.Adam(model.parameters(), lr=1e-3)

tokens, labels = torch.randint(0, 1000, (8, 5)), torch.randint(0, 3, (8,))
opt.zero_grad()
nn.functional.cross_entropy(model(tokens), labels).backward()
print("embedding gradient is sparse:", model.embed.weight.grad.is_sparse)
opt.step()

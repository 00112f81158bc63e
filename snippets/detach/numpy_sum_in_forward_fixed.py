# reference: same gradient as the closed form
import torch
from torch import nn


class ItemGraphEncoder(nn.Module):
    """Item embeddings smoothed over an item graph, averaged over the layers."""

    def __init__(self, n_items, dim, n_layers=2):
        super().__init__()
        self.emb = nn.Embedding(n_items, dim)
        self.n_layers = n_layers

    def forward(self, adj):
        h = self.emb.weight
        layers = [h]
        for _ in range(self.n_layers):
            h = adj @ h
            layers.append(h)
        return torch.stack(layers).mean(dim=0)  # the torch version is recorded like any other op


torch.manual_seed(0)
adj = torch.softmax(torch.randn(5, 5), dim=1)
encoder = ItemGraphEncoder(5, 3)
items = encoder(adj)
print("items.grad_fn:", type(items.grad_fn).__name__)
items.pow(2).sum().backward()
print("embedding grad shape:", tuple(encoder.emb.weight.grad.shape))

# The reference: the closed form, in float64. items = M @ E with M = (I + A + A @ A) / 3,
# so the gradient of sum(items**2) with respect to the embeddings E is 2 * M.T @ M @ E.
A, E = adj.double(), encoder.emb.weight.detach().double()
M = (torch.eye(5, dtype=torch.float64) + A + A @ A) / 3
print("same gradient as the closed form:", torch.allclose(encoder.emb.weight.grad.double(), 2 * M.T @ M @ E))

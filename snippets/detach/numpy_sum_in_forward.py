# raises: RuntimeError
# fixed-by: detach/numpy_sum_in_forward_fixed
# cause: forward averages the outputs of its graph layers with np.sum over a list of tensors
import numpy as np
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
        return np.sum(layers, axis=0) / len(layers)  # NumPy needs arrays, and asks each tensor for one


torch.manual_seed(0)
adj = torch.softmax(torch.randn(5, 5), dim=1)
items = ItemGraphEncoder(5, 3)(adj)

# reference: same gradients as without checkpointing
import warnings

import torch
from torch import nn
from torch.utils.checkpoint import checkpoint

# PyTorch 2.4.1's own checkpoint code calls an API that release deprecated, and warns
# about it in backward; nothing in this code could avoid that warning
warnings.filterwarnings("ignore", r".*torch\.cpu\.amp\.autocast", FutureWarning)


class Attention(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.qkv, self.out = nn.Linear(dim, 3 * dim), nn.Linear(dim, dim)

    def forward(self, x, cache=None):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        if cache is not None:  # generation: keep the keys and values of earlier tokens
            cache.append((k, v))
            k = torch.cat([past_k for past_k, _ in cache], dim=1)
            v = torch.cat([past_v for _, past_v in cache], dim=1)
        weights = torch.softmax(q @ k.transpose(1, 2) / k.shape[-1] ** 0.5, dim=-1)
        return x + self.out(weights @ v)


class Decoder(nn.Module):
    def __init__(self, dim=8, n_layers=2):
        super().__init__()
        self.layers = nn.ModuleList(Attention(dim) for _ in range(n_layers))

    def forward(self, x, use_cache=True):
        caches = [[] if use_cache else None for _ in self.layers]
        for layer, cache in zip(self.layers, caches):
            x = checkpoint(layer, x, cache, use_reentrant=False)  # recomputed in backward
        return x


torch.manual_seed(0)
model = Decoder()
x = torch.randn(2, 5, 8)
out = model(x, use_cache=False)  # training: no cache, each forward starts afresh
print("out:", tuple(out.shape))
out.pow(2).mean().backward()
print("layers[0].qkv.weight.grad norm:", round(model.layers[0].qkv.weight.grad.norm().item(), 4))

# The reference: the same layers run without checkpointing (and without a cache).
h = x
for layer in model.layers:
    h = layer(h)
expected = torch.autograd.grad(h.pow(2).mean(), list(model.parameters()))
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(model.parameters(), expected))
print("same gradients as without checkpointing:", same)

# raises: RuntimeError
# fixed-by: no_grad/inference_cache_fixed
# cause: a table cached by a module on its first call, and that first call ran under inference_mode()
import torch


class Rotary(torch.nn.Module):
    """Rotates pairs of features by a position-dependent angle, as rotary embeddings do."""

    def __init__(self, dim):
        super().__init__()
        self.inv_freq = 1.0 / 10000 ** (torch.arange(0, dim, 2) / dim)
        self.cache = None  # (cos, sin), built on the first call and reused

    def forward(self, x):  # x: (batch, positions, dim)
        if self.cache is None:
            angles = torch.arange(x.shape[1])[:, None] * self.inv_freq
            self.cache = angles.cos(), angles.sin()
        cos, sin = self.cache
        even, odd = x[..., 0::2], x[..., 1::2]
        return torch.cat([even * cos - odd * sin, even * sin + odd * cos], dim=-1)


torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(8, 8), Rotary(8))
x = torch.randn(2, 5, 8)

with torch.inference_mode():  # a quick look at the untrained model's output
    print("output shape:", tuple(model(x).shape))
print("cached cos is an inference tensor:", model[1].cache[0].is_inference())

loss = model(x).pow(2).mean()  # training: even * cos needs cos for backward

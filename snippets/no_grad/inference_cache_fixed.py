# reference: same gradients as without the rotation
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

with torch.no_grad():  # records nothing either, but makes ordinary tensors
    print("output shape:", tuple(model(x).shape))
print("cached cos is an inference tensor:", model[1].cache[0].is_inference())

loss = model(x).pow(2).mean()
loss.backward()
print(f"loss {loss.item():.3f} | weight.grad norm {model[0].weight.grad.norm():.3f}")

# The reference: a rotation keeps the length of each pair of features, so the loss is the linear
# layer's mean square without the rotary layer; plain autograd of that, for every parameter.
expected = torch.autograd.grad(model[0](x).pow(2).mean(), list(model.parameters()))
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(model.parameters(), expected))
print("same gradients as without the rotation:", same)

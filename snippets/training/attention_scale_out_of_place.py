# reference: same gradients as scaling the scores
import torch
from torch import nn


class SelfAttention(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.scale = dim**-0.5

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        q = q * self.scale  # a new tensor; the views are left alone
        weights = (q @ k.transpose(1, 2)).softmax(-1)
        return weights @ v


torch.manual_seed(0)
attention = SelfAttention(8)
out = attention(torch.randn(2, 5, 8))
out.sum().backward()
print("qkv.weight.grad:", tuple(attention.qkv.weight.grad.shape))

# The reference: the same weights and input drawn again from the seed, the scale applied to
# the scores q @ k^T instead of to q.
torch.manual_seed(0)
same_weights = SelfAttention(8)
x = torch.randn(2, 5, 8)
q, k, v = same_weights.qkv(x).chunk(3, dim=-1)
reference_out = ((q @ k.transpose(1, 2)) * same_weights.scale).softmax(-1) @ v
expected = torch.autograd.grad(reference_out.sum(), [same_weights.qkv.weight, same_weights.qkv.bias])
params = [attention.qkv.weight, attention.qkv.bias]
# atol: the two orders of float32 products differ in the last bits, near zero too
same = all(p.grad is not None and torch.allclose(p.grad, e, atol=1e-6) for p, e in zip(params, expected))
print("same gradients as scaling the scores:", same)

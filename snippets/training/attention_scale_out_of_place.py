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

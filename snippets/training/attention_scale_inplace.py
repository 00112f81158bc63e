# raises: RuntimeError
# fixed-by: training/attention_scale_out_of_place
# cause: attention splits one projection into q, k, v with chunk and scales q in place
import torch
from torch import nn


class SelfAttention(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)
        self.scale = dim**-0.5

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)  # three views of one tensor
        q *= self.scale  # in place on one of them
        weights = (q @ k.transpose(1, 2)).softmax(-1)
        return weights @ v


torch.manual_seed(0)
attention = SelfAttention(8)
out = attention(torch.randn(2, 5, 8))
out.sum().backward()

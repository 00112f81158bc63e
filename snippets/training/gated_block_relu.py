# reference: same gradients as the derivative by hand
import torch
from torch import nn


class GatedBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.gate = nn.Linear(dim, dim)
        self.act = nn.ReLU()  # out of place: h stays as g * h saved it

    def forward(self, x):
        h = self.proj(x)
        g = torch.sigmoid(self.gate(x))
        return g * h + self.act(h)


torch.manual_seed(0)
block = GatedBlock(4)
block(torch.randn(2, 4)).sum().backward()
print("proj.weight.grad:", block.proj.weight.grad)

# The reference: the same weights and input drawn again from the seed, and the derivative
# of sum(g * h + relu(h)) written out: dh = g + (h > 0), dg = h.
torch.manual_seed(0)
same_block = GatedBlock(4)
x = torch.randn(2, 4)
with torch.no_grad():
    h, g = same_block.proj(x), torch.sigmoid(same_block.gate(x))
    d_proj = g + (h > 0).float()
    d_gate = h * g * (1 - g)
    expected = [d_proj.T @ x, d_proj.sum(0), d_gate.T @ x, d_gate.sum(0)]
params = [block.proj.weight, block.proj.bias, block.gate.weight, block.gate.bias]
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(params, expected))
print("same gradients as the derivative by hand:", same)

# graph: loss
# reference: same gradients as the rounded weight's
import torch
from torch import nn


class RoundSTE(torch.autograd.Function):
    """round() going forward; going back, pretend it was the identity (straight-through)."""

    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad_out):
        return grad_out


def fake_quantize(w, step=0.25):
    return RoundSTE.apply(w / step) * step


torch.manual_seed(0)
layer = nn.Linear(4, 1)
x, target = torch.randn(8, 4), torch.randn(8, 1)

out = x @ fake_quantize(layer.weight).t() + layer.bias
loss = nn.functional.mse_loss(out, target)
loss.backward()
print("weight.grad:", layer.weight.grad)
print("bias.grad:  ", layer.bias.grad)

# The reference: what straight-through means, without the Function: the weight gets the
# gradient that the rounded weight would get as a leaf of its own.
rounded = (torch.round(layer.weight / 0.25) * 0.25).detach().requires_grad_()
plain_loss = nn.functional.mse_loss(x @ rounded.t() + layer.bias, target)
expected = torch.autograd.grad(plain_loss, [rounded, layer.bias])
got = [layer.weight.grad, layer.bias.grad]
same = all(g is not None and torch.allclose(g, e) for g, e in zip(got, expected))
print("same gradients as the rounded weight's:", same)

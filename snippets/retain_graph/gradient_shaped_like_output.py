# reference: same gradients as backward of (out * relevance).sum()
import torch
from torch import nn

torch.manual_seed(0)
net = nn.Sequential(nn.Conv2d(1, 4, 3), nn.ReLU(), nn.Conv2d(4, 1, 3))  # no padding
image = torch.randn(1, 1, 12, 12, requires_grad=True)
out = net(image)
relevance = (image.detach() > 0).float()
# each unpadded 3x3 convolution trims one pixel from every border: two of them, two pixels
relevance = relevance[..., 2:-2, 2:-2]  # the part of the map over the output's pixels
print("relevance:", tuple(relevance.shape), "| out:", tuple(out.shape))
out.backward(gradient=relevance)
print("image.grad:", tuple(image.grad.shape))

# The reference: a fresh forward, and the scalar whose gradient backward(gradient=relevance)
# computes, (out * relevance).sum(), differentiated without gradient=.
leaves = [image, *net.parameters()]
expected = torch.autograd.grad((net(image) * relevance).sum(), leaves)
same = all(t.grad is not None and torch.allclose(t.grad, e) for t, e in zip(leaves, expected))
print("same gradients as backward of (out * relevance).sum():", same)

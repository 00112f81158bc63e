import torch
from torch import nn

torch.manual_seed(0)

# Data: a point cloud does not require grad, so the views split returns are not tracked.
points = torch.rand(2, 5, 6) * 255  # x, y, z, r, g, b for each point
xyz, rgb = points.split(3, dim=-1)
rgb.div_(255)  # in place on a view that split returned
print("rgb requires_grad:", rgb.requires_grad, "| colours now in [0, 1]:", bool(points[..., 3:].max() <= 1))

# A weight, with grad mode off: fold the attention scale into the query rows of a qkv projection.
qkv = nn.Linear(8, 24)
with torch.no_grad():
    q_weight, k_weight, v_weight = qkv.weight.chunk(3)
    q_bias, k_bias, v_bias = qkv.bias.chunk(3)
    q_weight.mul_(8**-0.5)  # in place on views that chunk returned
    q_bias.mul_(8**-0.5)

q, k, v = qkv(torch.randn(2, 5, 8)).chunk(3, dim=-1)  # no q *= scale in the forward pass now
out = (q @ k.transpose(1, 2)).softmax(-1) @ v
out.sum().backward()
print("qkv.weight is_leaf:", qkv.weight.is_leaf, "| grad shape:", tuple(qkv.weight.grad.shape))

import torch
from torch import nn


def fake_quantize(w, step=0.25):
    return torch.round(w / step) * step  # the weights the deployed model will use


torch.manual_seed(0)
layer = nn.Linear(4, 1)
x, target = torch.randn(8, 4), torch.randn(8, 1)

out = x @ fake_quantize(layer.weight).t() + layer.bias
loss = nn.functional.mse_loss(out, target)
print("loss.requires_grad:", loss.requires_grad)  # no error anywhere...
loss.backward()
print("weight.grad:", layer.weight.grad)  # ...but round's derivative is 0 almost everywhere
print("bias.grad:  ", layer.bias.grad)

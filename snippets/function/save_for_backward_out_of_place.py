import torch
from torch import nn


class Cube(torch.autograd.Function):
    @staticmethod
    def forward(ctx, h):
        ctx.save_for_backward(h)
        return h**3

    @staticmethod
    def backward(ctx, grad_out):
        (h,) = ctx.saved_tensors
        return grad_out * 3 * h**2


torch.manual_seed(0)
encoder, head = nn.Linear(3, 2), nn.Linear(2, 1)
x = torch.randn(4, 3)

h = encoder(x)
penalty = Cube.apply(h).mean()
loss = head(h.relu()).mean() + 0.1 * penalty  # relu() leaves h as Cube saved it
loss.backward()
print("encoder.weight.grad:")
print(encoder.weight.grad)

import torch
from torch import nn


class ReLUInPlace(torch.autograd.Function):
    """relu that overwrites its input to save memory, like nn.ReLU(inplace=True)."""

    @staticmethod
    def forward(ctx, h):
        h.clamp_(min=0)  # no ctx.mark_dirty(h)
        ctx.save_for_backward(h)
        return h

    @staticmethod
    def backward(ctx, grad_out):
        (h,) = ctx.saved_tensors
        return grad_out * (h > 0)


torch.manual_seed(0)
encoder, head = nn.Linear(3, 4), nn.Linear(4, 1)
x = torch.randn(2, 3)


def encoder_grad(relu_inplace):
    encoder.zero_grad()
    h = encoder(x)
    relu_inplace(h)  # called for its effect on h, as one calls h.relu_()
    print("h.grad_fn:", h.grad_fn.name())
    head(h).sum().backward()
    return encoder.weight.grad


print("torch.relu_, right:")
print(encoder_grad(torch.relu_))
print("ReLUInPlace without mark_dirty, no error and wrong:")
print(encoder_grad(ReLUInPlace.apply))

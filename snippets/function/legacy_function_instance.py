# raises: RuntimeError
# fixed-by: function/straight_through_round
# cause: a Function written in the pre-1.3 style of old posts: forward and backward as instance methods, called as RoundSTE()(x)
import torch
from torch import nn


class RoundSTE(torch.autograd.Function):
    def forward(self, x):
        return torch.round(x)

    def backward(self, grad_out):
        return grad_out


torch.manual_seed(0)
layer = nn.Linear(4, 1)
quantized_weight = RoundSTE()(layer.weight / 0.25) * 0.25

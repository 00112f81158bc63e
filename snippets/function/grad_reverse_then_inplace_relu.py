# raises: RuntimeError
# fixed-by: function/grad_reverse_returns_clone
# cause: the output of a custom Function that returns a view of its input (view_as) goes into nn.ReLU(inplace=True)
import torch
from torch import nn


class GradReverse(torch.autograd.Function):
    @staticmethod
    def forward(ctx, features, alpha):
        ctx.alpha = alpha
        return features.view_as(features)  # a view of the input

    @staticmethod
    def backward(ctx, grad_out):
        return -ctx.alpha * grad_out, None


torch.manual_seed(0)
encoder = nn.Linear(8, 4)
domain_head = nn.Sequential(nn.ReLU(inplace=True), nn.Linear(4, 1))
features = encoder(torch.randn(16, 8))
domain_logit = domain_head(GradReverse.apply(features, 0.5))  # the ReLU edits the view

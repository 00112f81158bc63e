# raises: RuntimeError
# fixed-by: function/grad_reverse
# cause: backward returns a tensor of zeros in the place of forward's float argument alpha, where autograd takes None: a number is not a tensor, so nothing receives its gradient
import torch
from torch import nn


class GradReverse(torch.autograd.Function):
    """Identity going forward, gradient times -alpha going back (domain-adversarial training)."""

    @staticmethod
    def forward(ctx, features, alpha):
        ctx.alpha = alpha
        return features.view_as(features)

    @staticmethod
    def backward(ctx, grad_out):
        return -ctx.alpha * grad_out, torch.zeros(())  # a "zero gradient" for the float alpha


torch.manual_seed(0)
encoder, domain_head = nn.Linear(8, 4), nn.Linear(4, 1)
features = encoder(torch.randn(16, 8))
domain_logit = domain_head(GradReverse.apply(features, 0.5))
domain_logit.mean().backward()

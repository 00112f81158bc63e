# reference: same as plain autograd, the encoder's times -0.5
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
        return -ctx.alpha * grad_out, None  # one gradient per forward argument; None for alpha


torch.manual_seed(0)
encoder, domain_head = nn.Linear(8, 4), nn.Linear(4, 1)
features = encoder(torch.randn(16, 8))
features.retain_grad()
domain_logit = domain_head(GradReverse.apply(features, 0.5))
domain_logit.mean().backward()
# without the reversal each row of features.grad would be domain_head.weight / 16
print("features.grad[0]:         ", features.grad[0])
print("-0.5 * head weight / 16:  ", -0.5 * domain_head.weight.detach()[0] / 16)

# The reference: the same layers and input drawn again from the seed, without the reversal.
# The encoder's gradients are to be these times -0.5, the domain head's these as they are.
torch.manual_seed(0)
plain_encoder, plain_head = nn.Linear(8, 4), nn.Linear(4, 1)
plain_loss = plain_head(plain_encoder(torch.randn(16, 8))).mean()
expected = torch.autograd.grad(plain_loss, [*plain_encoder.parameters(), *plain_head.parameters()])
wanted = [-0.5 * expected[0], -0.5 * expected[1], expected[2], expected[3]]
got = [p.grad for p in (*encoder.parameters(), *domain_head.parameters())]
same = all(g is not None and torch.allclose(g, e) for g, e in zip(got, wanted))
print("same as plain autograd, the encoder's times -0.5:", same)

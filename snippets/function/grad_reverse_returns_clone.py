# reference: same as plain autograd, the encoder's times -0.5
import torch
from torch import nn


class GradReverse(torch.autograd.Function):
    @staticmethod
    def forward(ctx, features, alpha):
        ctx.alpha = alpha
        return features.clone()  # a tensor of its own, which the ReLU may overwrite

    @staticmethod
    def backward(ctx, grad_out):
        return -ctx.alpha * grad_out, None


torch.manual_seed(0)
encoder = nn.Linear(8, 4)
domain_head = nn.Sequential(nn.ReLU(inplace=True), nn.Linear(4, 1))
features = encoder(torch.randn(16, 8))
domain_logit = domain_head(GradReverse.apply(features, 0.5))
domain_logit.mean().backward()
print("encoder.bias.grad:", encoder.bias.grad)

# The reference: the same layers and input drawn again from the seed, without the reversal
# and with an out-of-place ReLU. The encoder's gradients are to be these times -0.5, the
# domain head's these as they are.
torch.manual_seed(0)
plain_encoder = nn.Linear(8, 4)
plain_head = nn.Sequential(nn.ReLU(), nn.Linear(4, 1))
plain_loss = plain_head(plain_encoder(torch.randn(16, 8))).mean()
expected = torch.autograd.grad(plain_loss, [*plain_encoder.parameters(), *plain_head.parameters()])
wanted = [-0.5 * expected[0], -0.5 * expected[1], expected[2], expected[3]]
got = [p.grad for p in (*encoder.parameters(), *domain_head.parameters())]
same = all(g is not None and torch.allclose(g, e) for g, e in zip(got, wanted))
print("same as plain autograd, the encoder's times -0.5:", same)

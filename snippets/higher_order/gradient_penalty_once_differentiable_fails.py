# raises: RuntimeError
# fixed-by: higher_order/gradient_penalty_differentiable_backward
# cause: a critic's activation is a custom autograd.Function whose backward, marked @once_differentiable, computes the gradient from the saved input without recording it, and a gradient penalty differentiates that backward
import torch
from torch import nn
from torch.autograd.function import once_differentiable


class Softplus(torch.autograd.Function):
    """softplus(x) = log(1 + exp(x)), with its derivative, sigmoid(x), written by hand."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return nn.functional.softplus(x)

    @staticmethod
    @once_differentiable  # runs backward without recording it: no gradient of this gradient
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        return grad_out * torch.sigmoid(x)


torch.manual_seed(0)
hidden, out = nn.Linear(2, 16), nn.Linear(16, 1)
real, fake = torch.randn(32, 2) + 3, torch.randn(32, 2)  # fake stands for G(z).detach()

# WGAN-GP's penalty: the critic's gradient with respect to points between real and fake.
eps = torch.rand(32, 1)
mixed = (eps * real + (1 - eps) * fake).requires_grad_()
score = out(Softplus.apply(hidden(mixed)))
(grad_mixed,) = torch.autograd.grad(score.sum(), mixed, create_graph=True)
penalty = 10 * ((grad_mixed.norm(dim=1) - 1) ** 2).mean()
print(f"penalty {penalty.item():.4f}, penalty.requires_grad {penalty.requires_grad}")
penalty.backward()  # differentiates Softplus.backward

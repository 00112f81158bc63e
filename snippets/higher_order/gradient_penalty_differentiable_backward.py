# reference: same gradients as the built-in softplus
import torch
from torch import nn


class Softplus(torch.autograd.Function):
    """softplus(x) = log(1 + exp(x)), with its derivative, sigmoid(x), written by hand."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return nn.functional.softplus(x)

    @staticmethod
    def backward(ctx, grad_out):
        # Torch operations on the saved input: under create_graph=True autograd records them,
        # so the gradient this returns can be differentiated again.
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
penalty.backward()
print(f"hidden.weight.grad norm: {hidden.weight.grad.norm():.4f}")

# The reference: gradgradcheck compares the Function's second derivatives with finite
# differences in float64, and the same penalty through PyTorch's own softplus gives each
# weight its gradient (to float32's precision: the built-in computes the sigmoid its own way).
x64 = torch.randn(5, dtype=torch.float64, requires_grad=True)
print("gradgradcheck:", torch.autograd.gradgradcheck(Softplus.apply, (x64,)))
score = out(nn.functional.softplus(hidden(mixed)))
(grad_builtin,) = torch.autograd.grad(score.sum(), mixed, create_graph=True)
penalty_builtin = 10 * ((grad_builtin.norm(dim=1) - 1) ** 2).mean()
params = [hidden.weight, hidden.bias, out.weight, out.bias]
expected = torch.autograd.grad(penalty_builtin, params, allow_unused=True)
# out.bias gets no gradient from a penalty on the input gradient: None on both sides
same = all(
    torch.allclose(p.grad, e, atol=1e-5) if e is not None else p.grad is None
    for p, e in zip(params, expected, strict=True)
)
print("same gradients as the built-in softplus:", same)

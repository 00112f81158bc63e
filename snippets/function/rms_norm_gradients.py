# reference: gradcheck
import torch

EPS = 1e-6


class RMSNorm(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, weight):
        rms = x.pow(2).mean(-1, keepdim=True).add(EPS).rsqrt()
        ctx.save_for_backward(x, weight, rms)
        return x * rms * weight

    @staticmethod
    def backward(ctx, grad_out):
        x, weight, rms = ctx.saved_tensors
        x_hat = x * rms
        g = grad_out * weight
        grad_x = rms * (g - x_hat * (g * x_hat).mean(-1, keepdim=True))
        grad_weight = (grad_out * x_hat).sum(0)
        return grad_x, grad_weight  # one entry per argument of forward, no more


torch.manual_seed(0)
x = torch.randn(4, 8, dtype=torch.double, requires_grad=True)
weight = torch.randn(8, dtype=torch.double, requires_grad=True)
# The reference: finite differences of forward, which gradcheck compares backward with.
print("gradcheck:", torch.autograd.gradcheck(RMSNorm.apply, (x, weight), raise_exception=False))

# raises: RuntimeError
# fixed-by: function/rms_norm_gradients
# cause: backward still returns a None in the place of an argument since removed from forward, so the gradients after it shift
import torch

EPS = 1e-6  # was forward's second argument, between x and weight; now a constant


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
        return grad_x, None, grad_weight  # the None was for eps


torch.manual_seed(0)
x = torch.randn(4, 8, requires_grad=True)
weight = torch.ones(8, requires_grad=True)
RMSNorm.apply(x, weight).sum().backward()

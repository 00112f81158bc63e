# raises: GradcheckError
# fixed-by: function/gradcheck_passes
# cause: a hand-written backward uses the wrong derivative (sigmoid' instead of sigmoid for softplus)
import torch


class Softplus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.log1p(torch.exp(x))

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        s = torch.sigmoid(x)
        return grad_out * s * (1 - s)  # that is the derivative of sigmoid, one step too far


torch.manual_seed(0)
x = torch.randn(3, dtype=torch.float64, requires_grad=True)  # float64: see below
torch.autograd.gradcheck(Softplus.apply, (x,))

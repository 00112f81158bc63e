# raises: GradcheckError
# fixed-by: function/gradcheck_passes
# cause: gradcheck run on float32 inputs, where finite differences are too coarse for its tolerances
import torch


class Softplus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.log1p(torch.exp(x))

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        return grad_out * torch.sigmoid(x)  # the right formula


torch.manual_seed(0)
x = torch.randn(3, requires_grad=True)  # float32, the default
torch.autograd.gradcheck(Softplus.apply, (x,))

# raises: GradcheckError
# fixed-by: function/gradcheck_passes
# cause: gradcheck run on float32 inputs, where finite differences are too coarse for its tolerances
import torch


class Softplus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        # float32 exp and log1p differ in their last bit between CPUs; float64, rounded to
        # float32, gives every processor the same values
        return torch.log1p(torch.exp(x.double())).float()

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        return grad_out * torch.sigmoid(x)  # the right formula


torch.manual_seed(0)
x = torch.randn(3, requires_grad=True)  # float32, the default
torch.autograd.gradcheck(Softplus.apply, (x,))

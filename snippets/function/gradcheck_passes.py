# reference: gradcheck
import torch


class Softplus(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.log1p(torch.exp(x))

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        return grad_out * torch.sigmoid(x)  # d/dx log(1 + e^x) = sigmoid(x)


torch.manual_seed(0)
x = torch.randn(3, dtype=torch.float64, requires_grad=True)
# The reference: finite differences of forward, which gradcheck compares backward with.
print("gradcheck:", torch.autograd.gradcheck(Softplus.apply, (x,), raise_exception=False))

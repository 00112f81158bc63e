# reference: same gradient as float64 softplus
import torch
import torch.nn.functional as F


class FusedSoftplus(torch.autograd.Function):
    """Stands in for a compiled extension kernel that only takes float32."""

    @staticmethod
    def forward(ctx, x):
        if x.dtype != torch.float32:
            raise TypeError("FusedSoftplus takes float32 tensors only")
        ctx.save_for_backward(x)
        return torch.log1p(torch.exp(x))

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        return grad_out * torch.sigmoid(x)


torch.manual_seed(0)
x = torch.randn(3, requires_grad=True)
(kernel_grad,) = torch.autograd.grad(FusedSoftplus.apply(x).sum(), x)

# The reference: PyTorch's own softplus, differentiated in float64.
x64 = x.detach().double().requires_grad_()
(reference_grad,) = torch.autograd.grad(F.softplus(x64).sum(), x64)
print("kernel gradient:   ", kernel_grad)
print("float64 reference: ", reference_grad)
print("same gradient as float64 softplus:", torch.allclose(kernel_grad, reference_grad.float()))

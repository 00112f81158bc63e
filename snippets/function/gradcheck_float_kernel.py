# fixed-by: function/float_kernel_against_reference
# cause: a kernel that only runs in float32 is gradchecked in float32 on purpose, with looser tolerances
import torch


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
print("gradcheck:", torch.autograd.gradcheck(FusedSoftplus.apply, (x,), eps=1e-3, atol=1e-2, rtol=1e-2))

# reference: same gradient as torch.logsumexp
import torch


class RowLogSumExp(torch.autograd.Function):
    """log(sum(exp(x))) of each row, with in-place steps on a buffer of its own to save memory."""

    @staticmethod
    def forward(ctx, x):
        row_max = x.max(dim=1, keepdim=True).values
        out = (x - row_max).exp_().sum(dim=1, keepdim=True)  # a new tensor, not x
        out.log_().add_(row_max)  # x is left as it was: nothing to mark dirty
        ctx.save_for_backward(x, out)
        return out

    @staticmethod
    def backward(ctx, grad_out):
        x, out = ctx.saved_tensors
        return grad_out * torch.exp(x - out)  # the softmax of each row


torch.manual_seed(0)
x = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
RowLogSumExp.apply(x).sum().backward()
print("x.grad row sums:", x.grad.sum(dim=1).round(decimals=6).tolist())

# The reference: PyTorch's own logsumexp, on a copy of x.
x_ref = x.detach().clone().requires_grad_()
torch.logsumexp(x_ref, dim=1, keepdim=True).sum().backward()
print("same gradient as torch.logsumexp:", torch.allclose(x.grad, x_ref.grad))

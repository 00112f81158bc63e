# fixed-by: function/mark_dirty_inputs_only
# cause: a custom Function edits a tensor it made itself in place and passes that new tensor to ctx.mark_dirty, which is only for inputs edited in place
import torch


class RowLogSumExp(torch.autograd.Function):
    """log(sum(exp(x))) of each row, with in-place steps on a buffer of its own to save memory."""

    @staticmethod
    def forward(ctx, x):
        row_max = x.max(dim=1, keepdim=True).values
        out = (x - row_max).exp_().sum(dim=1, keepdim=True)  # a new tensor, not x
        out.log_().add_(row_max)
        ctx.mark_dirty(out)  # out was edited in place
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

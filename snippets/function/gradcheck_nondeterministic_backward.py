# raises: GradcheckError
# fixed-by: function/gradcheck_nondet_tol
# cause: a backward that adds up contributions in an order that changes from call to call, as atomic adds on a GPU do
import torch


class EdgeSum(torch.autograd.Function):
    """Message passing on a graph: y[dst[k]] += w[k] * x[src[k]] for every edge k."""

    @staticmethod
    def forward(ctx, x, src, dst, w):
        ctx.save_for_backward(src, dst, w)
        return torch.zeros_like(x).index_add_(0, dst, w * x[src])

    @staticmethod
    def backward(ctx, grad_y):
        src, dst, w = ctx.saved_tensors
        # A GPU kernel adds each edge's share with atomicAdd, in whatever order its threads
        # finish. Here a fresh random order per call stands in for that.
        order = torch.randperm(len(src))
        shares = (w * grad_y[dst])[order]
        return torch.zeros_like(grad_y).index_add_(0, src[order], shares), None, None, None


torch.manual_seed(0)
x = torch.randn(4, dtype=torch.float64, requires_grad=True)
src = torch.randint(0, 4, (32,))
dst = torch.randint(0, 4, (32,))
w = torch.rand(32, dtype=torch.float64)
torch.autograd.gradcheck(EdgeSum.apply, (x, src, dst, w))

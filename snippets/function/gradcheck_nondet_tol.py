# reference: same gradient as plain autograd
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
# float64 rounding differs in the last bits only: allow that much nondeterminism
print("gradcheck:", torch.autograd.gradcheck(EdgeSum.apply, (x, src, dst, w), nondet_tol=1e-12))

# The reference: the same sum with PyTorch's differentiable index_add, which autograd differentiates.
g = torch.randn(4, dtype=torch.float64)
(got,) = torch.autograd.grad(EdgeSum.apply(x, src, dst, w), x, g)
(expected,) = torch.autograd.grad(torch.zeros(4, dtype=torch.float64).index_add(0, dst, w * x[src]), x, g)
print("same gradient as plain autograd:", torch.allclose(got, expected))

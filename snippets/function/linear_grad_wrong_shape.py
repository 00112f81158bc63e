# raises: RuntimeError
# fixed-by: function/linear_grad_right_shape
# cause: backward returns a gradient transposed with respect to its input (weight stored as in x out, formula written for out x in)
import torch


class Linear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, weight):  # weight: (in_features, out_features)
        ctx.save_for_backward(x, weight)
        return x @ weight

    @staticmethod
    def backward(ctx, grad_out):
        x, weight = ctx.saved_tensors
        # the formula for a weight stored as (out_features, in_features), as nn.Linear does
        return grad_out @ weight.t(), grad_out.t() @ x


torch.manual_seed(0)
x = torch.randn(4, 3)
weight = torch.randn(3, 2, requires_grad=True)
Linear.apply(x, weight).sum().backward()

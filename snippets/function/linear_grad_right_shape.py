# reference: same as autograd's
import torch


class Linear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, weight):  # weight: (in_features, out_features)
        ctx.save_for_backward(x, weight)
        return x @ weight

    @staticmethod
    def backward(ctx, grad_out):
        x, weight = ctx.saved_tensors
        return grad_out @ weight.t(), x.t() @ grad_out  # each gradient has its input's shape


torch.manual_seed(0)
x = torch.randn(4, 3)
weight = torch.randn(3, 2, requires_grad=True)
Linear.apply(x, weight).sum().backward()
print("weight.grad:", weight.grad)

# The reference: autograd's own derivative of the same product, without the Function.
(expected,) = torch.autograd.grad((x @ weight).sum(), weight)
print("same as autograd's:", torch.allclose(weight.grad, expected))

# raises: RuntimeError
# fixed-by: func/vmap_function_setup_context
# cause: per-sample gradients with vmap(grad(...)) through a custom Function whose forward takes ctx, the style written before 2.0 and still common in libraries
# min-torch: 2.0
import torch
from torch import nn
from torch.func import functional_call, grad, vmap


class MemoryEfficientSwish(torch.autograd.Function):
    """x * sigmoid(x) that saves only x and recomputes the sigmoid in backward."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * torch.sigmoid(x)

    @staticmethod
    def backward(ctx, grad_out):
        (x,) = ctx.saved_tensors
        s = torch.sigmoid(x)
        return grad_out * s * (1 + x * (1 - s))


class Swish(nn.Module):
    def forward(self, x):
        return MemoryEfficientSwish.apply(x)


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 8), Swish(), nn.Linear(8, 2))
params = {name: p.detach() for name, p in model.named_parameters()}
x = torch.randn(6, 3)
y = torch.tensor([0, 1, 1, 0, 1, 0])

# Plain autograd is fine with this Function.
nn.functional.cross_entropy(model(x), y).backward()
print("plain backward, grad of 0.weight:", tuple(model[0].weight.grad.shape))


def loss_fn(params, sample, target):
    logits = functional_call(model, params, (sample.unsqueeze(0),))
    return nn.functional.cross_entropy(logits, target.unsqueeze(0))


per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0))(params, x, y)

# raises: RuntimeError
# fixed-by: func/grad_batchnorm_buffers_as_input
# cause: torch.func.grad over functional_call of a model in train mode whose BatchNorm buffers are not passed in
# min-torch: 2.0
import torch
from torch import nn
from torch.func import functional_call, grad

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 4), nn.BatchNorm1d(4), nn.ReLU(), nn.Linear(4, 2))
params = {name: p.detach() for name, p in model.named_parameters()}
x = torch.randn(8, 3)
y = torch.tensor([0, 1, 1, 0, 1, 0, 0, 1])


def loss_fn(params, x, y):
    # Only the parameters are inputs: the BatchNorm's buffers are read from the module.
    logits = functional_call(model, params, (x,))
    return nn.functional.cross_entropy(logits, y)


print("buffers the function captures:", [name for name, _ in model.named_buffers()])
grads = grad(loss_fn)(params, x, y)

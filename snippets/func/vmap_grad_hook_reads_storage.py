# raises: NotImplementedError
# fixed-by: func/vmap_grad_hook_size_from_shape
# cause: a forward hook that logs how many bytes each layer's output holds reads output.untyped_storage(), and the model runs under vmap(grad(...)) for per-sample gradients; the transform's wrapper tensors have no storage to give
# min-torch: 2.0
import torch
from torch import nn
from torch.func import functional_call, grad, vmap

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
activation_bytes = {}


def log_size(name):
    def hook(module, inputs, output):
        # For a memory report: the bytes behind each layer's output.
        activation_bytes[name] = output.untyped_storage().nbytes()

    return hook


for name, layer in model.named_children():
    layer.register_forward_hook(log_size(name))

params = {name: p.detach() for name, p in model.named_parameters()}
x, y = torch.randn(6, 4), torch.randn(6, 1)


def loss_fn(params, sample, target):
    out = functional_call(model, params, (sample.unsqueeze(0),))
    return (out - target).pow(2).mean()


model(x)  # a plain forward pass: the hook reads the storage
print("bytes logged by a plain forward:", activation_bytes)
per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0))(params, x, y)

# min-torch: 2.0
# reference: same per-sample gradients as a Python loop with plain autograd
import torch
from torch import nn
from torch.func import functional_call, grad, vmap

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
activation_bytes = {}


def log_size(name):
    def hook(module, inputs, output):
        # The size from the shape and the dtype: no storage read, so it works on wrapper tensors.
        activation_bytes[name] = output.numel() * output.element_size()

    return hook


for name, layer in model.named_children():
    layer.register_forward_hook(log_size(name))

params = {name: p.detach() for name, p in model.named_parameters()}
x, y = torch.randn(6, 4), torch.randn(6, 1)


def loss_fn(params, sample, target):
    out = functional_call(model, params, (sample.unsqueeze(0),))
    return (out - target).pow(2).mean()


per_sample = vmap(grad(loss_fn), in_dims=(None, 0, 0))(params, x, y)
print("bytes logged for one sample:", activation_bytes)
print("per-sample gradient of 0.weight:", tuple(per_sample["0.weight"].shape))

# The reference: each sample alone, its gradients by plain autograd.
same = True
for i in range(len(x)):
    model.zero_grad()
    (model(x[i : i + 1]) - y[i]).pow(2).mean().backward()
    same &= all(torch.allclose(per_sample[name][i], p.grad, atol=1e-6) for name, p in model.named_parameters())
print("same per-sample gradients as a Python loop with plain autograd:", same)

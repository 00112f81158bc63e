# fixed-by: leaf/helper_retains_output_grad
# cause: a helper keeps a layer's output from a forward hook and reads its .grad after backward
import torch
from torch import nn


class ActivationGrad:
    """Keeps one layer's output, to read its gradient after backward (saliency-style)."""

    def __init__(self, layer):
        layer.register_forward_hook(self.keep)

    def keep(self, module, inputs, output):
        self.output = output

    def gradient(self):
        return self.output.grad  # a layer's output is not a leaf


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
probe = ActivationGrad(model[1])
model(torch.randn(3, 4)).sum().backward()
print("gradient of the ReLU output:", probe.gradient())

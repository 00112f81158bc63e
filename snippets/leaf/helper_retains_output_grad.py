# reference: each row is the last layer's weight
import torch
from torch import nn


class ActivationGrad:
    """Keeps one layer's output, to read its gradient after backward (saliency-style)."""

    def __init__(self, layer):
        layer.register_forward_hook(self.keep)

    def keep(self, module, inputs, output):
        output.retain_grad()  # ask backward to store this non-leaf's gradient
        self.output = output

    def gradient(self):
        return self.output.grad


torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
probe = ActivationGrad(model[1])
model(torch.randn(3, 4)).sum().backward()
grad = probe.gradient()
print("gradient of the ReLU output:", tuple(grad.shape))
# The reference: the gradient of sum(W2 h + b2) with respect to h is W2 in every row, by hand.
print("each row is the last layer's weight:", torch.equal(grad, model[2].weight.detach().expand(3, 8)))

# reference: same gradients as without the hook
# graph: score
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(
    nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(inplace=True),
    nn.Conv2d(8, 8, 3, padding=1), nn.ReLU(inplace=True),  # the last conv layer
    nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 10),
)
for module in model.modules():
    if isinstance(module, nn.ReLU):
        module.inplace = False  # the hooked output must not be overwritten
saved = {}


def keep_output_grad(module, grad_input, grad_output):
    saved["grad"] = grad_output[0]


model[2].register_full_backward_hook(keep_output_grad)
image = torch.randn(1, 3, 16, 16)
score = model(image)[0, 3]
score.backward()
print("gradient of the conv output:", tuple(saved["grad"].shape))

# The reference: the same layers without the hook, the hooked conv called as F.conv2d.
conv_out = nn.functional.conv2d(model[:2](image), model[2].weight, model[2].bias, padding=1)
expected = torch.autograd.grad(model[3:](conv_out)[0, 3], [conv_out, *model.parameters()])
got = [saved["grad"], *(p.grad for p in model.parameters())]
same = all(g is not None and torch.allclose(g, e) for g, e in zip(got, expected))
print("same gradients as without the hook:", same)

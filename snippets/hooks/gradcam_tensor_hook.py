import torch
from torch import nn


def vgg_like():  # laid out like torchvision's VGG: every ReLU in place
    torch.manual_seed(0)
    return nn.Sequential(
        nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(inplace=True),
        nn.Conv2d(8, 8, 3, padding=1), nn.ReLU(inplace=True),  # the last conv layer
        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 10),
    )


torch.manual_seed(1)
image = torch.randn(1, 3, 16, 16)
saved = {}


def keep_grad(grad):
    saved["tensor hook"] = grad


def hook_output(module, inputs, output):
    output.register_hook(keep_grad)  # runs in forward, before the ReLU edits output in place


model = vgg_like()  # the pretrained model as it is: ReLUs in place
model[2].register_forward_hook(hook_output)
model(image)[0, 3].backward()


def keep_output_grad(module, grad_input, grad_output):
    saved["full backward hook"] = grad_output[0]


model = vgg_like()  # the same weights, ReLUs switched out of place
for module in model.modules():
    if isinstance(module, nn.ReLU):
        module.inplace = False
model[2].register_full_backward_hook(keep_output_grad)
model(image)[0, 3].backward()

print("gradient of the conv output:", tuple(saved["tensor hook"].shape))
print("same gradient:", torch.equal(saved["tensor hook"], saved["full backward hook"]))

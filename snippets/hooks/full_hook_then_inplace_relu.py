# raises: RuntimeError
# fixed-by: hooks/full_hook_relu_not_inplace
# cause: register_full_backward_hook on a layer whose output then goes through nn.ReLU(inplace=True) (Grad-CAM on a pretrained CNN)
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(  # laid out like torchvision's VGG: every ReLU in place
    nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(inplace=True),
    nn.Conv2d(8, 8, 3, padding=1), nn.ReLU(inplace=True),  # the last conv layer
    nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 10),
)
saved = {}


def keep_output_grad(module, grad_input, grad_output):
    saved["grad"] = grad_output[0]  # Grad-CAM weighs the feature maps by this


model[2].register_full_backward_hook(keep_output_grad)
image = torch.randn(1, 3, 16, 16)
score = model(image)[0, 3]

# raises: RuntimeError
# fixed-by: hooks/gradcam_under_no_grad_fixed
# cause: a CAM extractor's forward hook hooks the layer output while the model runs under torch.no_grad()
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(
    nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(),  # the target layer is model[0]
    nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 10),
)
model.eval()
saved = {}


def hook_output(module, inputs, output):  # how CAM extractors capture the gradient
    saved["activation"] = output
    output.register_hook(lambda grad: saved.__setitem__("gradient", grad))


model[0].register_forward_hook(hook_output)
image = torch.randn(1, 3, 16, 16)
with torch.no_grad():  # the usual way to run a model for predictions
    scores = model(image)

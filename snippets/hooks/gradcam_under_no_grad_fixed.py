import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(
    nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(),  # the target layer is model[0]
    nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 10),
)
model.eval()
saved = {}


def hook_output(module, inputs, output):
    saved["activation"] = output
    output.register_hook(lambda grad: saved.__setitem__("gradient", grad))


model[0].register_forward_hook(hook_output)
image = torch.randn(1, 3, 16, 16)
scores = model(image)  # recorded: the explanation needs a backward pass
scores[0, scores.argmax()].backward()

weights = saved["gradient"].mean(dim=(2, 3), keepdim=True)  # Grad-CAM: one weight per channel
cam = torch.relu((weights * saved["activation"]).sum(1)).detach()
print("cam:", tuple(cam.shape), "| max", round(cam.max().item(), 4))

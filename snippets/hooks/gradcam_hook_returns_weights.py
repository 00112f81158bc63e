# raises: RuntimeError
# fixed-by: hooks/gradcam_hook_stores_weights
# cause: a tensor hook meant to store Grad-CAM's channel weights returns them, the gradient averaged over height and width, and autograd takes that smaller tensor for the feature map's new gradient
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(
    nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(),  # the target layer's features: model[:2]
    nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 10),
)
saved = {}


def channel_weights(grad):
    saved["weights"] = grad.mean(dim=(2, 3), keepdim=True)  # Grad-CAM: one weight per channel
    print("hook gets", tuple(grad.shape), "| returns", tuple(saved["weights"].shape))
    return saved["weights"]


image = torch.randn(1, 3, 16, 16)
features = model[:2](image)
features.register_hook(channel_weights)
scores = model[2:](features)
scores[0, scores.argmax()].backward()

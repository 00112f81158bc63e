# reference: same gradients as without the hook
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
    print("hook gets", tuple(grad.shape), "| returns", tuple(grad.shape))
    return grad  # the gradient it was given, shape and all (returning None does the same)


image = torch.randn(1, 3, 16, 16)
features = model[:2](image)
features.register_hook(channel_weights)
scores = model[2:](features)
scores[0, scores.argmax()].backward()
cam = torch.relu((saved["weights"] * features).sum(1)).detach()
print("cam:", tuple(cam.shape))

# The reference: the same layers run again without the hook, the weights pooled from
# the gradient that torch.autograd.grad returns for the features.
plain = model[:2](image)
score = model[2:](plain)[0, scores.argmax()]
grad_features, *expected = torch.autograd.grad(score, [plain, *model.parameters()])
same = torch.allclose(saved["weights"], grad_features.mean(dim=(2, 3), keepdim=True)) and all(
    p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(model.parameters(), expected)
)
print("same gradients as without the hook:", same)

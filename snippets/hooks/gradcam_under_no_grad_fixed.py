# reference: same gradients as without the hooks
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

# The reference: the same layers without the hooks, the target layer called as F.conv2d.
activation = nn.functional.conv2d(image, model[0].weight, model[0].bias, padding=1)
score = model[1:](activation)[0, scores.argmax()]
expected = torch.autograd.grad(score, [activation, *model.parameters()])
got = [saved["gradient"], *(p.grad for p in model.parameters())]
same = all(g is not None and torch.allclose(g, e) for g, e in zip(got, expected))
print("same gradients as without the hooks:", same)

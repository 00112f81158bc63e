# raises: RuntimeError
# fixed-by: optim/resume_sgd_momentum_by_name
# cause: a binary classifier with one output is resumed as a classifier for several classes, and SGD's saved momentum for the one-output head is matched to the new head by position
import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(16, 4)


def build(outputs):
    return nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, outputs))


# the first run: one output (a binary classifier), SGD with momentum, a checkpoint
model = build(1)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
for _ in range(3):
    opt.zero_grad()
    nn.functional.binary_cross_entropy_with_logits(model(x).squeeze(1), torch.rand(16).round()).backward()
    opt.step()
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict()}

# the resumed run has 3 classes: it loads the weights that still fit, and the whole optimizer state
model = build(3)
fitting = {k: v for k, v in checkpoint["model"].items() if v.shape == model.state_dict()[k].shape}
model.load_state_dict(fitting, strict=False)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
opt.load_state_dict(checkpoint["optimizer"])
print("saved momentum of the head's weight:", list(opt.state[model[2].weight]["momentum_buffer"].shape))
opt.zero_grad()
nn.functional.cross_entropy(model(x), torch.randint(0, 3, (16,))).backward()
opt.step()

# raises: RuntimeError
# fixed-by: optim/resume_adam_state_by_name
# cause: a run resumed with a classifier head for another number of classes loads the optimizer state saved for the old head, which Adam matches to the new head by position
import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(16, 4)


def build(classes):
    return nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, classes))


# the first run: 10 classes, three Adam steps, a checkpoint
model = build(10)
opt = torch.optim.Adam(model.parameters(), lr=0.01)
for _ in range(3):
    opt.zero_grad()
    nn.functional.cross_entropy(model(x), torch.randint(0, 10, (16,))).backward()
    opt.step()
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict()}

# the resumed run has 5 classes: it loads the weights that still fit, and the whole optimizer state
model = build(5)
fitting = {k: v for k, v in checkpoint["model"].items() if v.shape == model.state_dict()[k].shape}
model.load_state_dict(fitting, strict=False)
opt = torch.optim.Adam(model.parameters(), lr=0.01)
opt.load_state_dict(checkpoint["optimizer"])  # no error: 4 tensors saved, 4 parameters now
print("saved exp_avg of the head's weight:", list(opt.state[model[2].weight]["exp_avg"].shape))
print("the head's weight now:", list(model[2].weight.shape))
opt.zero_grad()
nn.functional.cross_entropy(model(x), torch.randint(0, 5, (16,))).backward()
opt.step()

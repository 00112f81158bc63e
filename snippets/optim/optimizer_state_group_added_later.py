# raises: ValueError
# fixed-by: optim/optimizer_state_groups_before_load
# cause: the training code adds a parameter group (add_param_group) only after the resume code has loaded the optimizer's state
import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(8, 4), torch.randint(0, 3, (8,))


def train_step(model, classifier, opt):
    opt.zero_grad()
    loss = nn.functional.cross_entropy(classifier(torch.relu(model(x))), y)
    loss.backward()
    opt.step()
    return loss


# the first run: an optimizer for the model; the trainer then adds its classifier as a group
model, classifier = nn.Linear(4, 16), nn.Linear(16, 3)
opt = torch.optim.Adam(model.parameters(), lr=0.01)
opt.add_param_group({"params": classifier.parameters(), "lr": 0.1})
train_step(model, classifier, opt)
checkpoint = {"model": model.state_dict(), "classifier": classifier.state_dict(), "optimizer": opt.state_dict()}
print("saved groups:", len(checkpoint["optimizer"]["param_groups"]))

# the resumed run loads the optimizer's state as soon as the optimizer exists
model, classifier = nn.Linear(4, 16), nn.Linear(16, 3)
model.load_state_dict(checkpoint["model"])
classifier.load_state_dict(checkpoint["classifier"])
opt = torch.optim.Adam(model.parameters(), lr=0.01)
print("groups when loading:", len(opt.param_groups))
opt.load_state_dict(checkpoint["optimizer"])
opt.add_param_group({"params": classifier.parameters(), "lr": 0.1})  # the trainer's line, too late

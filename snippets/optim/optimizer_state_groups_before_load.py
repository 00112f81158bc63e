# graph: loss
# reference: same weights as two steps without a break
import copy

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
start = copy.deepcopy([model, classifier])  # the initial weights, for the reference below
opt = torch.optim.Adam(model.parameters(), lr=0.01)
opt.add_param_group({"params": classifier.parameters(), "lr": 0.1})
train_step(model, classifier, opt)
checkpoint = {"model": model.state_dict(), "classifier": classifier.state_dict(), "optimizer": opt.state_dict()}
print("saved groups:", len(checkpoint["optimizer"]["param_groups"]))

# the resumed run builds the optimizer with every group first, then loads its state
model, classifier = nn.Linear(4, 16), nn.Linear(16, 3)
model.load_state_dict(checkpoint["model"])
classifier.load_state_dict(checkpoint["classifier"])
opt = torch.optim.Adam(model.parameters(), lr=0.01)
opt.add_param_group({"params": classifier.parameters(), "lr": 0.1})
print("groups when loading:", len(opt.param_groups))
opt.load_state_dict(checkpoint["optimizer"])
loss = train_step(model, classifier, opt)

# The reference: the same two steps in one run, from the same initial weights, saving nothing.
plain_model, plain_classifier = start
plain_opt = torch.optim.Adam(plain_model.parameters(), lr=0.01)
plain_opt.add_param_group({"params": plain_classifier.parameters(), "lr": 0.1})
train_step(plain_model, plain_classifier, plain_opt)
train_step(plain_model, plain_classifier, plain_opt)
resumed = [*model.parameters(), *classifier.parameters()]
straight = [*plain_model.parameters(), *plain_classifier.parameters()]
print("same weights as two steps without a break:", all(torch.allclose(p, q) for p, q in zip(resumed, straight)))

# reference: the reloaded scheduler gives the original's learning rates
import io

import torch
from torch import nn

torch.manual_seed(0)


def build(model):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    return opt, torch.optim.lr_scheduler.LambdaLR(opt, lambda epoch: 0.9**epoch)


def rates_of(opt, scheduler, epochs):
    rates = []
    for _ in range(epochs):
        rates.append(round(opt.param_groups[0]["lr"], 6))
        opt.step()
        scheduler.step()
    return rates


model = nn.Linear(4, 1)
opt, scheduler = build(model)
rates_of(opt, scheduler, 2)

# save the scheduler's state dict: it keeps None where the lambda was
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict(), "scheduler": scheduler.state_dict()}
torch.save(checkpoint, io.BytesIO())  # a real run saves it to a file and torch.load()s it to resume
print("lr_lambdas in the checkpoint:", checkpoint["scheduler"]["lr_lambdas"])

# on load, build the scheduler with its function again, then load the states
resumed_model = nn.Linear(4, 1)
resumed_model.load_state_dict(checkpoint["model"])
resumed_opt, resumed = build(resumed_model)
resumed_opt.load_state_dict(checkpoint["optimizer"])
resumed.load_state_dict(checkpoint["scheduler"])
reloaded_rates = rates_of(resumed_opt, resumed, 4)
print("reloaded scheduler's rates:", reloaded_rates)
print("the reloaded scheduler gives the original's learning rates:", reloaded_rates == rates_of(opt, scheduler, 4))


# where the scheduler object itself must be pickled: a callable object of a module-level class
class Decay:
    def __init__(self, factor):
        self.factor = factor

    def __call__(self, epoch):
        return self.factor**epoch


whole = torch.optim.lr_scheduler.LambdaLR(torch.optim.SGD(model.parameters(), lr=0.1), Decay(0.9))
torch.save({"scheduler": whole}, io.BytesIO())
print("a LambdaLR with a callable object pickles whole")

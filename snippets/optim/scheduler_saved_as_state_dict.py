# reference: same learning rates as six epochs without a break
import functools
import io

import torch
from torch import nn

torch.manual_seed(0)


def warmup_schedule(optimizer, warmup_epochs):
    def lr_lambda(epoch):
        return min(1.0, (epoch + 1) / warmup_epochs)

    return torch.optim.lr_scheduler.LambdaLR(optimizer, lr_lambda)


def run_epochs(opt, scheduler, epochs, rates):
    for _ in range(epochs):
        rates.append(opt.param_groups[0]["lr"])
        opt.step()
        scheduler.step()


# the first run: two epochs, then a checkpoint with the scheduler's state dict, not the scheduler
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = warmup_schedule(opt, warmup_epochs=4)
rates = []
run_epochs(opt, scheduler, 2, rates)
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict(), "scheduler": scheduler.state_dict()}
torch.save(checkpoint, io.BytesIO())  # a real run saves it to a file and torch.load()s it to resume

# the resumed run builds the scheduler with the same function again, then loads both states
model = nn.Linear(4, 1)
model.load_state_dict(checkpoint["model"])
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = warmup_schedule(opt, warmup_epochs=4)
opt.load_state_dict(checkpoint["optimizer"])
scheduler.load_state_dict(checkpoint["scheduler"])
run_epochs(opt, scheduler, 4, rates)
print("learning rates used:", [f"{lr:.3f}" for lr in rates])

# six epochs in one run
unbroken_opt = torch.optim.SGD(nn.Linear(4, 1).parameters(), lr=0.1)
unbroken = []
run_epochs(unbroken_opt, warmup_schedule(unbroken_opt, warmup_epochs=4), 6, unbroken)
print("same learning rates as six epochs without a break:", rates == unbroken)


# a scheduler object that must be pickled whole (spawned workers): a module-level function, bound with partial
def linear_warmup(epoch, warmup_epochs):
    return min(1.0, (epoch + 1) / warmup_epochs)


picklable = torch.optim.lr_scheduler.LambdaLR(opt, functools.partial(linear_warmup, warmup_epochs=4))
torch.save(picklable, io.BytesIO())
print("a scheduler with functools.partial of a module-level function pickles whole")

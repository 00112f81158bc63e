# reference: the reloaded scheduler gives the original's learning rates
import io

import torch
from torch import nn

torch.manual_seed(0)


# a module-level function: pickle saves it by its name
def halve_each_cycle(cycle):
    return 0.5 ** (cycle - 1)


def build(model):
    opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.CyclicLR(
        opt, base_lr=0.01, max_lr=0.1, step_size_up=2, scale_fn=halve_each_cycle, scale_mode="cycle"
    )
    return opt, scheduler


def rates_of(opt, scheduler, steps):
    rates = []
    for _ in range(steps):
        rates.append(round(opt.param_groups[0]["lr"], 6))
        opt.step()
        scheduler.step()
    return rates


model = nn.Linear(4, 1)
opt, scheduler = build(model)
rates_of(opt, scheduler, 3)

checkpoint = {"optimizer": opt.state_dict(), "scheduler": scheduler.state_dict()}
torch.save(checkpoint, io.BytesIO())  # a real run saves it to a file and torch.load()s it to resume

# on load, build the scheduler with the same function, then load the states
resumed_opt, resumed = build(nn.Linear(4, 1))
resumed_opt.load_state_dict(checkpoint["optimizer"])
resumed.load_state_dict(checkpoint["scheduler"])
reloaded_rates = rates_of(resumed_opt, resumed, 6)
print("reloaded scheduler's rates:", reloaded_rates)
print("the reloaded scheduler gives the original's learning rates:", reloaded_rates == rates_of(opt, scheduler, 6))

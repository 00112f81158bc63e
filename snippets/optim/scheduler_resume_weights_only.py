import torch
from torch import nn

saved_epoch = 3  # a checkpoint with the weights and this number only: no optimizer or scheduler state
planned = 0.1 * 0.5**saved_epoch  # both schedules below halve the rate every epoch


def resume(make_scheduler):
    """A new optimizer at the base rate, and a scheduler told it is at saved_epoch."""
    opt = torch.optim.SGD(nn.Linear(4, 1).parameters(), lr=0.1)
    for group in opt.param_groups:
        group.setdefault("initial_lr", group["lr"])  # what the saved state would have brought back
    scheduler = make_scheduler(opt, saved_epoch - 1)  # it steps once as it is created
    print(f"{type(scheduler).__name__}: resumed at epoch {scheduler.last_epoch} with lr {opt.param_groups[0]['lr']:.5f}")


print(f"planned for epoch {saved_epoch}: lr {planned:.5f}")
resume(lambda opt, last: torch.optim.lr_scheduler.LambdaLR(opt, lambda epoch: 0.5**epoch, last_epoch=last))
resume(lambda opt, last: torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5, last_epoch=last))

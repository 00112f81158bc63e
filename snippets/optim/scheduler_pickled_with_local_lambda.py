# raises: AttributeError
# fixed-by: optim/scheduler_saved_as_state_dict
# cause: a checkpoint holds the LambdaLR scheduler object itself, and its lr_lambda is a function defined inside another function, which pickle cannot save by name
import io

import torch
from torch import nn

torch.manual_seed(0)


def warmup_schedule(optimizer, warmup_epochs):
    def lr_lambda(epoch):
        return min(1.0, (epoch + 1) / warmup_epochs)

    return torch.optim.lr_scheduler.LambdaLR(optimizer, lr_lambda)


model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = warmup_schedule(opt, warmup_epochs=4)
for epoch in range(2):
    opt.step()
    scheduler.step()

# the scheduler's state dict leaves the function out and saves
torch.save(scheduler.state_dict(), io.BytesIO())
print("scheduler.state_dict() saved, lr_lambdas:", scheduler.state_dict()["lr_lambdas"])

# the checkpoint holds the scheduler object, function and all
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict(), "scheduler": scheduler}
torch.save(checkpoint, io.BytesIO())

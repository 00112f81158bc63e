# raises: PicklingError
# fixed-by: optim/scheduler_lambda_rebuilt_on_load
# cause: a checkpoint holds a LambdaLR (or MultiplicativeLR) scheduler object whose function is a lambda, and pickle saves a function only by a name it can look up
import io

import torch
from torch import nn

torch.manual_seed(0)

model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.LambdaLR(opt, lambda epoch: 0.9**epoch)
for _ in range(2):
    opt.step()
    scheduler.step()

# the checkpoint holds the scheduler object, and with it the lambda
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict(), "scheduler": scheduler}
torch.save(checkpoint, io.BytesIO())

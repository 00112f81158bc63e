# raises: ZeroDivisionError
# fixed-by: optim/warmup_lambda_decay_of_one_step
# cause: a warm-up and decay lambda divides by the decay's length, the run's steps minus the warm-up steps, and a config sets the warm-up as long as the run, so the length is zero when the warm-up ends
import torch
from torch import nn

torch.manual_seed(0)
config = {"max_steps": 20, "warmup_steps": 20}  # a short debug run, warm-up left at its value
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
warmup, total = config["warmup_steps"], config["max_steps"]


def warmup_then_linear_decay(step):
    if step < warmup:
        return float(step + 1) / warmup
    return float(total - step) / (total - warmup)  # the decay's length is 0


scheduler = torch.optim.lr_scheduler.LambdaLR(opt, warmup_then_linear_decay)
x, y = torch.randn(8, 4), torch.randn(8, 1)
for step in range(total):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()
    scheduler.step()

# raises: ZeroDivisionError
# fixed-by: optim/onecycle_warmup_of_two_steps
# cause: OneCycleLR plans so few steps that pct_start of them is exactly one, so its warm-up phase ends on the step it starts from and has no width (a fine-tune of one short epoch with a small pct_start)
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
dataset = TensorDataset(torch.randn(40, 4), torch.randn(40, 1))
loader = DataLoader(dataset, batch_size=4, shuffle=True)  # 10 batches
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
epochs, pct_start = 1, 0.1  # a short fine-tune, 10% of it warming up
print("steps planned:", epochs * len(loader), "| warm-up steps:", pct_start * epochs * len(loader))
scheduler = torch.optim.lr_scheduler.OneCycleLR(
    opt, max_lr=0.01, epochs=epochs, steps_per_epoch=len(loader), pct_start=pct_start
)

# raises: ImportError
# before-torch: 2.0
# fixed-by: optim/warmup_subclass_lrscheduler_fallback
# cause: training code written for PyTorch 2.0 or later imports LRScheduler, the public name that release gave the schedulers' base class, to subclass it; older releases call the class _LRScheduler
import torch
from torch.optim.lr_scheduler import LRScheduler


class LinearWarmup(LRScheduler):
    def __init__(self, optimizer, warmup_steps, last_epoch=-1):
        self.warmup_steps = warmup_steps
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        factor = min(1.0, (self.last_epoch + 1) / self.warmup_steps)
        return [base_lr * factor for base_lr in self.base_lrs]


optimizer = torch.optim.SGD(torch.nn.Linear(3, 1).parameters(), lr=0.1)
scheduler = LinearWarmup(optimizer, warmup_steps=4)

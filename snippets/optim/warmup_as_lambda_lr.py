# reference: learning rates as the hand-written warm-up sets them
import torch
from torch import nn

model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
# The same warm-up as a LambdaLR: a factor of the step count, starting at 1/4 as the class
# did when it stepped once on creation. Being an LRScheduler, it has get_last_lr().
scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda count: min(1.0, (count + 1) / 4))

logged, used = [], []
for step in range(6):
    optimizer.step()  # the batch's training, reduced to its optimizer step
    scheduler.step()
    logged.append(scheduler.get_last_lr()[0])
    used.append(optimizer.param_groups[0]["lr"])  # what the next optimizer step reads
    print(f"step {step}: lr {logged[-1]:.4f}")

# The reference: the hand-written class's rule, 0.1 * min(1, steps so far / 4), where the
# steps so far count the one taken on creation.
planned = [0.1 * min(1.0, (step + 2) / 4) for step in range(6)]
same = all(abs(a - p) < 1e-12 and abs(b - p) < 1e-12 for a, b, p in zip(logged, used, planned))
print("learning rates as the hand-written warm-up sets them:", same and len(logged) == 6)

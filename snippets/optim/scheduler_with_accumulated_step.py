# reference: same weights as SGD by hand at the planned rates
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)  # meant per optimizer step
x, y = torch.randn(8, 4), torch.randn(8, 1)
accumulate = 2

for batch in range(4):
    (nn.functional.mse_loss(model(x), y) / accumulate).backward()
    if (batch + 1) % accumulate == 0:
        opt.step()
        opt.zero_grad()
        print(f"optimizer step after batch {batch}, lr was {opt.param_groups[0]['lr']:.3f}")
        scheduler.step()  # once per optimizer step, right after it

# The reference: by hand, without a scheduler or accumulation: two steps on the whole
# gradient (the two halves add up to it), at 0.1 and then 0.05.
torch.manual_seed(0)
plain = nn.Linear(4, 1)  # the same initial weights
for k in range(2):
    grads = torch.autograd.grad(nn.functional.mse_loss(plain(x), y), list(plain.parameters()))
    with torch.no_grad():
        for p, g in zip(plain.parameters(), grads):
            p -= 0.1 * 0.5**k * g
same = all(torch.allclose(p, q) for p, q in zip(model.parameters(), plain.parameters()))
print("same weights as SGD by hand at the planned rates:", same)

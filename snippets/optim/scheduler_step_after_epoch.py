# reference: same weights as SGD by hand at the planned rates
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scheduler = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
x, y = torch.randn(8, 4), torch.randn(8, 1)

for epoch in range(3):
    for batch in range(2):
        opt.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        opt.step()
    print(f"epoch {epoch} trained with lr {opt.param_groups[0]['lr']:.3f}")
    scheduler.step()  # the epoch is over: move on to the next epoch's learning rate

# The reference: the same training by hand, without a scheduler, epoch e at 0.1 * 0.5**e.
torch.manual_seed(0)
plain = nn.Linear(4, 1)  # the same initial weights
for epoch in range(3):
    for batch in range(2):
        grads = torch.autograd.grad(nn.functional.mse_loss(plain(x), y), list(plain.parameters()))
        with torch.no_grad():
            for p, g in zip(plain.parameters(), grads):
                p -= 0.1 * 0.5**epoch * g
same = all(torch.allclose(p, q) for p, q in zip(model.parameters(), plain.parameters()))
print("same weights as SGD by hand at the planned rates:", same)

# reference: same weights and rate as the rule applied by hand
import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 1)
x_val, y_val = torch.randn(8, 4), torch.randn(8, 1)
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.5)
scheduler = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, patience=0)

for epoch in range(3):
    opt.zero_grad()
    nn.functional.mse_loss(model(x), y).backward()
    opt.step()
    with torch.no_grad():
        val_loss = nn.functional.mse_loss(model(x_val), y_val).item()
    scheduler.step(val_loss)  # the value it watches: the rate drops when it stops improving
    print(f"epoch {epoch}: validation loss {val_loss:.4f}, lr {opt.param_groups[0]['lr']:.4f}")

# The reference: the same model drawn again from the seed, trained by plain gradient steps
# whose rate is cut tenfold by hand after each epoch that does not beat the best loss.
torch.manual_seed(0)
x, y = torch.randn(16, 4), torch.randn(16, 1)
x_val, y_val = torch.randn(8, 4), torch.randn(8, 1)
plain = nn.Linear(4, 1)
lr, best = 0.5, float("inf")
for epoch in range(3):
    plain.zero_grad()
    nn.functional.mse_loss(plain(x), y).backward()
    with torch.no_grad():
        for p in plain.parameters():
            p -= lr * p.grad
        val_loss = nn.functional.mse_loss(plain(x_val), y_val).item()
    if val_loss < best:
        best = val_loss
    else:
        lr *= 0.1
same = all(torch.allclose(p, q) for p, q in zip(model.parameters(), plain.parameters()))
print("same weights and rate as the rule applied by hand:", same and abs(lr - opt.param_groups[0]["lr"]) < 1e-12)

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

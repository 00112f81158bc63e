# raises: ValueError
# fixed-by: optim/onecycle_steps_from_loader
# cause: OneCycleLR's steps_per_epoch (or total_steps) is worked out by hand, from the dataset's size divided by the batch size or a fixed count, while the loader yields more batches than that, so the loop, which steps the scheduler once per batch, outlasts the cycle
import torch
from torch import nn
from torch.utils.data import DataLoader, TensorDataset

torch.manual_seed(0)
dataset = TensorDataset(torch.randn(100, 4), torch.randn(100, 1))
loader = DataLoader(dataset, batch_size=8, shuffle=True)  # 12 full batches and one of 4
model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
epochs = 3
scheduler = torch.optim.lr_scheduler.OneCycleLR(
    opt, max_lr=0.1, epochs=epochs, steps_per_epoch=len(dataset) // 8
)

for epoch in range(epochs):
    for x, y in loader:
        opt.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        opt.step()
        scheduler.step()  # once per batch, as OneCycleLR expects
    print(f"epoch {epoch} done, lr {opt.param_groups[0]['lr']:.4f}")

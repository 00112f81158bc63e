# reference: same weights as a plain loop
# min-torch: 2.3
import torch
from torch import nn


def masked_mse(pred, target, mask):
    # computed from pred even when the mask is empty: a zero loss with zero gradients
    squared = (pred - target) ** 2 * mask
    return squared.sum() / mask.sum().clamp(min=1)


torch.manual_seed(0)
model = nn.Linear(8, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu", init_scale=2.0**10)  # a first scale at which step 0's float16 gradients stay finite
x, target = torch.randn(4, 8), torch.randn(4, 1)
masks = [torch.tensor([[True], [False], [True], [False]]), torch.zeros(4, 1, dtype=torch.bool)]

for step, mask in enumerate(masks):
    optimizer.zero_grad()
    with torch.autocast("cpu", dtype=torch.float16):
        pred = model(x)
    loss = masked_mse(pred.float(), target, mask)
    scaler.scale(loss).backward()
    grad_norm = model.weight.grad.norm().item()
    print(f"step {step}: labelled {int(mask.sum())}, weight.grad is zero: {grad_norm == 0}")
    scaler.step(optimizer)
    scaler.update()

# The reference: the model made again from the seed, trained by a plain loop with no
# scaler and autocast's float16 casts written by hand; a batch with nothing labelled
# leaves its weights as they are.
torch.manual_seed(0)
plain = nn.Linear(8, 1)
plain_opt = torch.optim.SGD(plain.parameters(), lr=0.1)
for mask in masks:
    if mask.any():
        pred = nn.functional.linear(x.half(), plain.weight.half(), plain.bias.half()).float()
        plain_opt.zero_grad()
        ((pred - target)[mask] ** 2).mean().backward()
        plain_opt.step()
same = all(torch.allclose(p, q) for p, q in zip(model.parameters(), plain.parameters()))
print("same weights as a plain loop:", same)

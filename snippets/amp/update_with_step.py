# reference: same weights as a plain loop
# min-torch: 2.3
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(8, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
scaler = torch.amp.GradScaler("cpu")
x, target = torch.randn(4, 16, 8), torch.randn(4, 16, 1)
accumulate = 2

for i in range(4):
    with torch.autocast("cpu", dtype=torch.float16):
        pred = model(x[i])
    loss = nn.functional.mse_loss(pred.float(), target[i]) / accumulate
    scaler.scale(loss).backward()
    if (i + 1) % accumulate == 0:
        scaler.step(optimizer)
        scaler.update()  # with the step it follows
        optimizer.zero_grad()
        print(f"micro-batch {i}: stepped")

# The reference: the model made again from the seed, trained by a plain loop with no
# scaler and autocast's float16 casts written by hand, stepping every two micro-batches.
torch.manual_seed(0)
plain = nn.Linear(8, 1)
plain_opt = torch.optim.SGD(plain.parameters(), lr=0.01)
for i in range(4):
    pred = nn.functional.linear(x[i].half(), plain.weight.half(), plain.bias.half()).float()
    (nn.functional.mse_loss(pred, target[i]) / accumulate).backward()
    if (i + 1) % accumulate == 0:
        plain_opt.step()
        plain_opt.zero_grad()
same = all(torch.allclose(p, q) for p, q in zip(model.parameters(), plain.parameters()))
print("same weights as a plain loop:", same)

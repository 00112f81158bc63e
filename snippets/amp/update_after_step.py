# reference: same weights as a plain loop
# min-torch: 2.3
# graph: loss
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(8, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
scaler = torch.amp.GradScaler("cpu", init_scale=1024.0)  # small enough that no step here overflows
x = torch.randn(3, 16, 8)
target = torch.randn(3, 16, 1)

for step in range(3):
    optimizer.zero_grad()
    with torch.autocast("cpu", dtype=torch.float16):
        pred = model(x[step])
    loss = nn.functional.mse_loss(pred.float(), target[step])
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()  # once per iteration, after every step(): the next one may step again
    print(f"step {step}: stepped")
print("scale:", scaler.get_scale())

# The reference: the model made again from the seed, trained by a plain loop with no
# scaler and autocast's float16 casts written by hand.
torch.manual_seed(0)
plain = nn.Linear(8, 1)
plain_opt = torch.optim.SGD(plain.parameters(), lr=0.01)
for step in range(3):
    pred = nn.functional.linear(x[step].half(), plain.weight.half(), plain.bias.half()).float()
    plain_opt.zero_grad()
    nn.functional.mse_loss(pred, target[step]).backward()
    plain_opt.step()
same = all(torch.allclose(p, q) for p, q in zip(model.parameters(), plain.parameters()))
print("same weights as a plain loop:", same)

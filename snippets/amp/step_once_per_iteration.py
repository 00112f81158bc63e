# reference: same weights as a plain loop
# min-torch: 2.3
import torch
from torch import nn

torch.manual_seed(0)
trunk = nn.Linear(8, 8)
heads = nn.ModuleDict({"depth": nn.Linear(8, 1), "normals": nn.Linear(8, 3)})
optimizer = torch.optim.SGD([*trunk.parameters(), *heads.parameters()], lr=0.01)
scaler = torch.amp.GradScaler("cpu", init_scale=1024.0)  # small enough that no step here overflows
x = torch.randn(3, 16, 8)
targets = {"depth": torch.randn(3, 16, 1), "normals": torch.randn(3, 16, 3)}

for step in range(3):
    optimizer.zero_grad()
    for task, head in heads.items():
        with torch.autocast("cpu", dtype=torch.float16):
            pred = head(torch.relu(trunk(x[step])))
        loss = nn.functional.mse_loss(pred.float(), targets[task][step])
        scaler.scale(loss).backward()  # each task's gradients add into .grad
    scaler.step(optimizer)  # once, on the gradients of every task
    print(f"step {step}: stepped for both losses")
    scaler.update()
print("scale:", scaler.get_scale())

# The reference: the same modules made again from the seed, trained by a plain loop with
# no scaler and autocast's float16 casts written by hand, one step on the sum of the losses.
torch.manual_seed(0)
plain_trunk = nn.Linear(8, 8)
plain_heads = nn.ModuleDict({"depth": nn.Linear(8, 1), "normals": nn.Linear(8, 3)})
plain_opt = torch.optim.SGD([*plain_trunk.parameters(), *plain_heads.parameters()], lr=0.01)


def half_linear(layer, inputs):
    return nn.functional.linear(inputs.half(), layer.weight.half(), layer.bias.half())


for step in range(3):
    plain_opt.zero_grad()
    total = 0
    for task, head in plain_heads.items():
        pred = half_linear(head, torch.relu(half_linear(plain_trunk, x[step]))).float()
        total = total + nn.functional.mse_loss(pred, targets[task][step])
    total.backward()
    plain_opt.step()
pairs = zip([*trunk.parameters(), *heads.parameters()], [*plain_trunk.parameters(), *plain_heads.parameters()])
same = all(torch.allclose(p, q) for p, q in pairs)
print("same weights as a plain loop:", same)

# raises: RuntimeError
# fixed-by: amp/step_once_per_iteration
# cause: a multi-task loop steps the one optimizer it shares after each task's loss, so the second task's scaler.step() comes before the iteration's scaler.update()
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
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        print(f"step {step}: stepped for the {task} loss")
    scaler.update()

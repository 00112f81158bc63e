# raises: ValueError
# fixed-by: amp/fp32_weights_autocast
# cause: the whole model is cast to float16 with .half() and then trained with a GradScaler
# min-torch: 2.3
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(16, 32), nn.ReLU(), nn.Linear(32, 4)).half()  # half the memory
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu")
x, target = torch.randn(8, 16).half(), torch.randint(0, 4, (8,))

loss = nn.functional.cross_entropy(model(x).float(), target)
scaler.scale(loss).backward()
print("weight.grad dtype:", model[0].weight.grad.dtype)
scaler.step(optimizer)  # unscales the gradients first
scaler.update()

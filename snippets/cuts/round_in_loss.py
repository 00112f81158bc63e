import torch
import torch.nn.functional as F

torch.manual_seed(0)
model = torch.nn.Linear(4, 1)
x, y = torch.randn(16, 4), torch.randint(0, 2, (16,)).float()

hard = torch.sigmoid(model(x).squeeze(1)).round()  # 0 or 1: recorded, but flat everywhere
F.mse_loss(hard, y).backward()
print("round:  grad_fn", hard.grad_fn.name(), "| weight.grad", model.weight.grad)

model.zero_grad()
logits = model(x).squeeze(1)
F.binary_cross_entropy_with_logits(logits, y).backward()  # the loss made for 0/1 targets
print("logits: weight.grad", model.weight.grad)

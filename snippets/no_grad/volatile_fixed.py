import torch

model = torch.nn.Linear(3, 1)
with torch.no_grad():  # what replaced volatile=True
    out = model(torch.ones(2, 3))
print("out.requires_grad:", out.requires_grad, "| grad_fn:", out.grad_fn)

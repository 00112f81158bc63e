import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)

with torch.no_grad():
    a = x * 2
with torch.inference_mode():
    b = x * 2

print("no_grad:        requires_grad", a.requires_grad, "| is_inference", a.is_inference())
print("inference_mode: requires_grad", b.requires_grad, "| is_inference", b.is_inference())

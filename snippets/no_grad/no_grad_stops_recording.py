# graph: y, z
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)

with torch.no_grad():
    y = x * 2  # computed, not recorded
print("inside:  y.requires_grad", y.requires_grad, "| grad_fn", y.grad_fn)

z = x * 2  # recording is back on after the block
print("after:   z.requires_grad", z.requires_grad, "| grad_fn", z.grad_fn.name())
print("x.requires_grad (unchanged):", x.requires_grad)

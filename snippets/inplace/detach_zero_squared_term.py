# raises: RuntimeError
# fixed-by: inplace/detach_clone_before_zero
# cause: a tensor squared in the loss is zeroed in place through detach()
import torch

x = torch.tensor(3.0, requires_grad=True)
y1 = x + 1
y2 = x**2
z = 3 * y1 + 4 * y2**2  # now the backward of y2**2 needs y2 itself
y2.detach().zero_()
z.backward()

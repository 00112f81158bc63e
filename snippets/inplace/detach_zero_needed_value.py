# raises: RuntimeError
# fixed-by: inplace/detach_clone_before_zero
# cause: a value the graph saved is zeroed in place through detach()
# graph: z
import torch

x = torch.tensor(3.0, requires_grad=True)
y = x + 1
z = y**2  # PowBackward0 saves y (at version 0): dz/dy = 2*y
c = y.detach()  # same storage, same version counter as y
c.zero_()
print("y:", y.item(), "| y._version:", y._version)
z.backward()

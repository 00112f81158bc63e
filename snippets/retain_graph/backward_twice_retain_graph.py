# reference: same gradient as a fresh forward per backward
import torch

x = torch.tensor(1.0, requires_grad=True)
y = x.exp()
y.backward(retain_graph=True)  # keep the saved tensors for another pass
print("after backward 1: x.grad", x.grad)
y.backward()  # the last pass may free them
print("after backward 2: x.grad", x.grad)  # added to the first, not replaced

# The reference: a fresh forward for each backward, so that no pass needs retain_graph.
x_fresh = torch.tensor(1.0, requires_grad=True)
x_fresh.exp().backward()
x_fresh.exp().backward()
same = x.grad is not None and torch.allclose(x.grad, x_fresh.grad)
print("same gradient as a fresh forward per backward:", same)

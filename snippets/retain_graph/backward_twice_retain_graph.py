import torch

x = torch.tensor(1.0, requires_grad=True)
y = x.exp()
y.backward(retain_graph=True)  # keep the saved tensors for another pass
print("after backward 1: x.grad", x.grad)
y.backward()  # the last pass may free them
print("after backward 2: x.grad", x.grad)  # added to the first, not replaced

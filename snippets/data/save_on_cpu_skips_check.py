import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
with torch.autograd.graph.save_on_cpu():  # a saved_tensors_hooks pair: the graph stores what it returns
    out = a.sigmoid()
out.detach().zero_()  # bumps the version counter, as on the rest of this page ...
print("out._version:", out._version)
out.sum().backward()  # ... but values saved through hooks are not version-checked
print("a.grad (wrong):", a.grad)

s = torch.tensor([1.0, 2.0, 3.0]).sigmoid()
print("right gradient:", s * (1 - s))

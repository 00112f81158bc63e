import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
(w**2).sum().backward()
with torch.no_grad():  # nothing recorded: the leaf may be edited
    w -= 0.1 * w.grad
    w[0] = 0.0
print("w:", w, "| is_leaf:", w.is_leaf, "| _version:", w._version)

p = torch.nn.Parameter(torch.tensor([1.0, 2.0, 3.0]))
opt = torch.optim.SGD([p], lr=0.1)
(p**2).sum().backward()
opt.step()  # the same in-place update, done by the optimizer
print("p:", p, "| is_leaf:", p.is_leaf, "| _version:", p._version)

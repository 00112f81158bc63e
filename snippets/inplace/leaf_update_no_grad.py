import torch

torch.manual_seed(0)
x = torch.randn(8, 3)
y = x @ torch.tensor([1.0, -2.0, 0.5])
w = torch.zeros(3, requires_grad=True)

loss = ((x @ w - y) ** 2).mean()
loss.backward()
with torch.no_grad():  # nothing is recorded: the leaf may be edited
    w -= 0.1 * w.grad
print("w:", w, "| is_leaf:", w.is_leaf, "| _version:", w._version)

p = torch.nn.Parameter(torch.zeros(3))
opt = torch.optim.SGD([p], lr=0.1)
((x @ p - y) ** 2).mean().backward()
opt.step()  # the same in-place update, done by the optimizer
print("p:", p, "| is_leaf:", p.is_leaf, "| _version:", p._version)

# reference: same gradients and step as the closed form
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

# The reference: the closed-form gradient of the mean squared error at w = 0,
# 2 * x.T @ (x @ 0 - y) / 8, and the step of 0.1 against it.
expected = 2 * x.T @ (x @ torch.zeros(3) - y) / len(x)
same = all(
    t.grad is not None and torch.allclose(t.grad, expected) and torch.allclose(t.detach(), -0.1 * expected)
    for t in (w, p)
)
print("same gradients and step as the closed form:", same)

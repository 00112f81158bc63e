# reference: same gradient as the closed form
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
e = x.detach().clone()  # new memory, no graph

print("e.requires_grad:", e.requires_grad, "| is_leaf:", e.is_leaf, "| grad_fn:", e.grad_fn)
print("same memory:", e.data_ptr() == x.data_ptr())
e[0] = 100.0
print("x after editing e:", x)

loss = (x * e).sum()  # e is a constant here
loss.backward()
print("x.grad:", x.grad)  # equals e: no gradient went through e

# The reference: the closed form with e a constant, d(sum(x * e))/dx = e, the edited values.
print("same gradient as the closed form:", torch.equal(x.grad, torch.tensor([100.0, 2.0, 3.0])))

# reference: same gradients as the closed form
import torch

torch.manual_seed(0)
x = torch.randn(8, 3)
y = x @ torch.tensor([[1.0], [-2.0], [0.5]])

w = (torch.randn(3, 1) * 0.01).requires_grad_()  # scale first, then ask for gradients: a leaf
b = torch.nn.Parameter(torch.zeros(1))  # or wrap the finished values in a Parameter
start = w.detach().clone(), b.detach().clone()  # kept for the reference below
opt = torch.optim.SGD([w, b], lr=0.1)
for step in range(3):
    opt.zero_grad()
    loss = ((x @ w + b - y) ** 2).mean()
    loss.backward()
    opt.step()
    print(f"step {step}: loss {loss.item():.3f}")
print("w.is_leaf:", w.is_leaf, "| w.grad:", w.grad.flatten())

# The reference: the same three steps by hand, with the gradient of the mean squared error
# written out: 2/8 x^T r for w and 2/8 sum(r) for b, r being the residuals.
w_ref, b_ref = start
for step in range(3):
    r = x @ w_ref + b_ref - y
    grad_w, grad_b = 2 / 8 * x.t() @ r, 2 / 8 * r.sum(0)
    w_ref, b_ref = w_ref - 0.1 * grad_w, b_ref - 0.1 * grad_b
same = [torch.allclose(w.grad, grad_w), torch.allclose(b.grad, grad_b), torch.allclose(w, w_ref), torch.allclose(b, b_ref)]
print("same gradients as the closed form:", all(same))

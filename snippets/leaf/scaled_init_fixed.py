import torch

torch.manual_seed(0)
x = torch.randn(8, 3)
y = x @ torch.tensor([[1.0], [-2.0], [0.5]])

w = (torch.randn(3, 1) * 0.01).requires_grad_()  # scale first, then ask for gradients: a leaf
b = torch.nn.Parameter(torch.zeros(1))  # or wrap the finished values in a Parameter
opt = torch.optim.SGD([w, b], lr=0.1)
for step in range(3):
    opt.zero_grad()
    loss = ((x @ w + b - y) ** 2).mean()
    loss.backward()
    opt.step()
    print(f"step {step}: loss {loss.item():.3f}")
print("w.is_leaf:", w.is_leaf, "| w.grad:", w.grad.flatten())

# reference: same gradients as without no_grad
import torch
import torch.nn.functional as F

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))

opt.zero_grad()
logits = model(x)
loss = F.cross_entropy(logits, y)  # recorded: the graph reaches back to the weights
with torch.no_grad():  # only the metric is left unrecorded
    accuracy = (logits.argmax(dim=1) == y).float().mean()
print(f"loss {loss:.3f} | accuracy {accuracy:.2f} | loss.grad_fn", loss.grad_fn.name())
loss.backward()
opt.step()
print(f"first layer weight.grad norm: {model[0].weight.grad.norm():.3f}")

# The reference: the model rebuilt from the same seed (its weights before the step), the
# loss differentiated with no no_grad block anywhere.
torch.manual_seed(0)
plain = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 3))
expected = torch.autograd.grad(F.cross_entropy(plain(x), y), list(plain.parameters()))
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(model.parameters(), expected))
print("same gradients as without no_grad:", same)

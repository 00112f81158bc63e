import torch
import torch.nn.functional as F

torch.manual_seed(0)
model = torch.nn.Linear(4, 3)
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))

logits = model(x)
loss = F.cross_entropy(logits, y)  # a smooth stand-in for the error rate, computed from the scores
loss.backward()
with torch.no_grad():
    error_rate = (logits.argmax(dim=1) != y).float().mean()  # still reported, never differentiated
print(f"loss {loss.item():.3f} | error rate {error_rate.item():.3f}")
print(f"weight.grad norm {model.weight.grad.norm():.3f}")

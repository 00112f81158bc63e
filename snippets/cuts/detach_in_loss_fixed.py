import torch
import torch.nn.functional as F

torch.manual_seed(0)
model = torch.nn.Linear(4, 3)
x, y = torch.randn(16, 4), torch.randint(0, 3, (16,))
epoch_outputs = []  # for a confusion matrix at the end of the epoch

logits = model(x)
epoch_outputs.append(logits.detach())  # only the stored copy is detached
loss = F.cross_entropy(logits, y)
loss.backward()
print("loss.grad_fn:", loss.grad_fn.name(), f"| weight.grad norm {model.weight.grad.norm():.3f}")

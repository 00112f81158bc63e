# reference: same gradients as cross-entropy's derivative by hand
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

# The reference: cross-entropy's derivative by hand, (softmax - one-hot) / batch size,
# carried through the linear layer: times x for the weight, summed for the bias.
delta = (torch.softmax(logits.detach(), dim=1) - F.one_hot(y, 3)) / len(y)
expected = [delta.T @ x, delta.sum(dim=0)]
grads = [model.weight.grad, model.bias.grad]
same = all(g is not None and torch.allclose(g, e) for g, e in zip(grads, expected))
print("same gradients as cross-entropy's derivative by hand:", same)

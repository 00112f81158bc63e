# reference: same gradients as the Dice derivative by hand
import torch


def dice(pred, target):  # the same arithmetic works on tensors, and autograd records it
    overlap = (pred * target).sum()
    return 2 * overlap / (pred.sum() + target.sum())


torch.manual_seed(0)
model = torch.nn.Conv2d(1, 1, 3, padding=1)
image = torch.randn(1, 1, 8, 8)
mask = (torch.randn(1, 1, 8, 8) > 0).float()

probs = torch.sigmoid(model(image))
loss = 1 - dice(probs, mask)  # tensors in, tensor out: still in the graph
loss.backward()
print(f"dice {1 - loss.item():.3f} | loss.grad_fn {loss.grad_fn.name()}")
print(f"weight.grad norm {model.weight.grad.norm():.3f}")

# The reference: the derivative of 1 - 2 * overlap / total by hand, for each probability
# -2 * (mask * total - overlap) / total**2, carried on to the weights by autograd.
probs = torch.sigmoid(model(image))
p = probs.detach()
overlap, total = (p * mask).sum(), p.sum() + mask.sum()
d_probs = -2 * (mask * total - overlap) / total**2
expected = torch.autograd.grad(probs, [model.weight, model.bias], d_probs)
grads = [model.weight.grad, model.bias.grad]
same = all(g is not None and torch.allclose(g, e) for g, e in zip(grads, expected))
print("same gradients as the Dice derivative by hand:", same)

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

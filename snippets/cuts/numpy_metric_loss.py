# raises: RuntimeError
# fixed-by: cuts/numpy_metric_loss_fixed
# cause: a Dice loss computed in NumPy and turned back into a tensor with torch.tensor()
import torch


def dice(pred, target):  # from the evaluation code, where it gets NumPy arrays
    overlap = (pred * target).sum()
    return 2 * overlap / (pred.sum() + target.sum())


torch.manual_seed(0)
model = torch.nn.Conv2d(1, 1, 3, padding=1)
image = torch.randn(1, 1, 8, 8)
mask = (torch.randn(1, 1, 8, 8) > 0).float()

probs = torch.sigmoid(model(image))
score = dice(probs.detach().numpy(), mask.numpy())  # detach() only to get past numpy()'s error
loss = torch.tensor(1 - score)
print(f"dice {score:.3f} | loss.requires_grad {loss.requires_grad}")
loss.backward()

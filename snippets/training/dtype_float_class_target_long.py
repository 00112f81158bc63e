# reference: same gradients as the loss by hand
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Conv2d(3, 4, 1)  # 4 classes, one score per pixel
images = torch.randn(2, 3, 5, 5)
masks = torch.randint(0, 4, (2, 5, 5)).float()  # class indices, stored as float
criterion = nn.CrossEntropyLoss()

logits = model(images)
targets = masks.long()  # class indices are integers
print("logits:", tuple(logits.shape), logits.dtype, "| targets:", tuple(targets.shape), targets.dtype)
loss = criterion(logits, targets)
loss.backward()

# The reference: the mean over pixels of minus the log probability of each pixel's class,
# picked by comparing the class numbers with the float masks (no integer index needed).
log_p = torch.log_softmax(model(images), dim=1)
is_class = masks.unsqueeze(1) == torch.arange(4.0).view(1, 4, 1, 1)
by_hand = -(log_p * is_class).sum() / masks.numel()
params = [model.weight, model.bias]
expected = torch.autograd.grad(by_hand, params)
same = all(p.grad is not None and torch.allclose(p.grad, e) for p, e in zip(params, expected))
print("same gradients as the loss by hand:", same)

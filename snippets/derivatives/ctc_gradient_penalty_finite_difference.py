import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.Tanh(), nn.Linear(16, 5))  # 5 classes, 0 is the blank
frames = torch.randn(12, 2, 8)  # (time, batch, features)
targets = torch.tensor([[1, 2, 3], [2, 2, 4]])
frame_lengths, target_lengths = torch.tensor([12, 12]), torch.tensor([3, 3])
params = list(model.parameters())


def ctc_gradients():
    log_probs = model(frames).log_softmax(-1)
    loss = F.ctc_loss(log_probs, targets, frame_lengths, target_lengths)
    return loss, torch.autograd.grad(loss, params)  # first order only: CTC's backward is never differentiated


def penalty_of(grads):
    return sum(g.pow(2).sum() for g in grads)


loss, grads = ctc_gradients()
penalty = penalty_of(grads)
print(f"loss {loss.item():.3f}, gradient penalty {penalty.item():.3f}")
# The penalty's gradient is 2 H g (H the Hessian of the loss). H g is the change of the
# gradient along g: step the parameters by eps * g, take the gradient again, subtract.
eps = 1e-2 / penalty.sqrt()
with torch.no_grad():
    for p, g in zip(params, grads):
        p.add_(eps * g)
_, shifted = ctc_gradients()
with torch.no_grad():
    for p, g in zip(params, grads):
        p.sub_(eps * g)
penalty_grads = [2 * (s - g) / eps for g, s in zip(grads, shifted)]
for p, g, pg in zip(params, grads, penalty_grads):
    p.grad = g + 0.1 * pg  # what (loss + 0.1 * penalty).backward() would give; an optimizer step follows

# Check the estimate: a small step along it alone lowers the penalty.
with torch.no_grad():
    for p, pg in zip(params, penalty_grads):
        p.sub_(0.01 * pg)
print(f"after a step of 0.01 along the estimate: gradient penalty {penalty_of(ctc_gradients()[1]).item():.3f}")

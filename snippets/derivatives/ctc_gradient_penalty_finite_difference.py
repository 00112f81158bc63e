# reference: within 1% of the exact gradient
import copy

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

# The reference: CTC written out as its forward recursion in plain differentiable ops, in
# float64, so its backward can be differentiated: the exact gradient of loss + 0.1 * penalty.
# A finite difference is an estimate: the check is each parameter's error, in norm, under 1%.
def plain_ctc(log_probs):
    losses = []
    for b, target in enumerate(targets):
        labels = torch.zeros(2 * len(target) + 1, dtype=torch.long)  # blank, t1, blank, t2, ...
        labels[1::2] = target
        skip = torch.zeros(len(labels), dtype=torch.bool)  # may jump over a blank
        skip[2:] = (labels[2:] != 0) & (labels[2:] != labels[:-2])
        lp = log_probs[:, b, labels]
        never = torch.full((len(labels),), -1e30, dtype=lp.dtype)  # log 0, finite
        alpha = torch.cat([lp[0, :2], never[2:]])
        for t in range(1, len(lp)):
            one = torch.cat([never[:1], alpha[:-1]])
            two = torch.where(skip, torch.cat([never[:2], alpha[:-2]]), never)
            alpha = torch.stack([alpha, one, two]).logsumexp(0) + lp[t]
        losses.append(-alpha[-2:].logsumexp(0) / len(target))
    return torch.stack(losses).mean()  # ctc_loss's reduction="mean"


exact_model = copy.deepcopy(model).double()
exact_params = list(exact_model.parameters())
exact_loss = plain_ctc(exact_model(frames.double()).log_softmax(-1))
exact_grads = torch.autograd.grad(exact_loss, exact_params, create_graph=True)
exact = torch.autograd.grad(exact_loss + 0.1 * penalty_of(exact_grads), exact_params)
close = all(p.grad is not None and (p.grad - e).norm() < 0.01 * e.norm() for p, e in zip(params, exact))
print("within 1% of the exact gradient:", close)

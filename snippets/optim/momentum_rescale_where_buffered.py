# reference: same weights as SGD with the velocity written out by hand
# graph: loss
import torch
from torch import nn

torch.manual_seed(0)
backbone, main_head, aux_head = nn.Linear(4, 4), nn.Linear(4, 1), nn.Linear(4, 1)
params = list(backbone.parameters()) + list(main_head.parameters()) + list(aux_head.parameters())
start = [p.detach().clone() for p in params]
opt = torch.optim.SGD(params, lr=0.1, momentum=0.9)


def set_lr(optimizer, new_lr):
    for group in optimizer.param_groups:
        ratio = group["lr"] / new_lr
        for p in group["params"]:
            # a parameter that has had no gradient yet has no buffer: nothing to rescale
            buf = optimizer.state[p].get("momentum_buffer")
            if buf is not None:
                buf.mul_(ratio)
        group["lr"] = new_lr


x, y = torch.randn(16, 4), torch.randn(16, 1)


def loss_at(step):
    h = torch.relu(backbone(x))
    loss = nn.functional.mse_loss(main_head(h), y)
    if step >= 4:
        loss = loss + 0.5 * nn.functional.mse_loss(aux_head(h), y)
    return loss


for step in range(8):
    if step == 3:
        set_lr(opt, 0.01)
    opt.zero_grad(set_to_none=True)
    loss_at(step).backward()
    opt.step()
print("buffers after training:", sum("momentum_buffer" in opt.state[p] for p in params), "of", len(params))
trained = [p.detach().clone() for p in params]

# The reference: the same run with the velocity kept by hand in learning-rate units,
# v = 0.9 * v + lr * grad and p -= v, which a change of rate leaves as it is.
with torch.no_grad():
    for p, s in zip(params, start):
        p.copy_(s)
velocity = [torch.zeros_like(p) for p in params]
lr = 0.1
for step in range(8):
    if step == 3:
        lr = 0.01
    for p in params:
        p.grad = None
    loss_at(step).backward()
    with torch.no_grad():
        for p, v in zip(params, velocity):
            if p.grad is not None:
                v.mul_(0.9).add_(p.grad, alpha=lr)
                p.sub_(v)
same = all(torch.allclose(t, p, atol=1e-6) for t, p in zip(trained, params))
print("same weights as SGD with the velocity written out by hand:", same)

# the graph of a step after the auxiliary head joined: both heads' weights are its leaves
loss = loss_at(7)

import torch
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
x, target = torch.randn(16, 4), 10 * torch.randn(16, 1)  # large errors: large gradients
micro_batches = [(x[:8], target[:8]), (x[8:], target[8:])]  # one batch of 16, in two halves


def accumulate():  # gradient accumulation: one backward() per half, then one step
    model.zero_grad()
    for xb, tb in micro_batches:
        loss = nn.functional.mse_loss(model(xb), tb) / len(micro_batches)
        loss.backward()  # adds this half's gradient to .grad
    return [p.grad.clone() for p in model.parameters()]


def largest(grads):
    return max(g.abs().max().item() for g in grads)


def clip_to_one(grad):
    return grad.clamp(-1.0, 1.0)


handles = [p.register_hook(clip_to_one) for p in model.parameters()]
hooked = accumulate()  # each half's gradient is clipped before it is added to .grad
for handle in handles:
    handle.remove()
print(f"hooks, per micro-batch: largest |.grad| {largest(hooked):.2f}")

accumulate()
torch.nn.utils.clip_grad_value_(model.parameters(), 1.0)  # once, on the accumulated .grad
by_value = [p.grad.clone() for p in model.parameters()]
print(f"clip_grad_value_:       largest |.grad| {largest(by_value):.2f}")
print("same .grad:", all(torch.equal(a, b) for a, b in zip(hooked, by_value)))

accumulate()
total = torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)  # scales all gradients together
after = torch.cat([p.grad.flatten() for p in model.parameters()]).norm()
print(f"clip_grad_norm_: total norm {total:.2f} before, {after:.2f} after")

# reference: same weights as Adam written out by hand, per parameter, from the state kept
import copy

import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(16, 4)


def build(classes):
    return nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, classes))


# the first run: 10 classes, three Adam steps, a checkpoint that names the optimizer's parameters
model = build(10)
opt = torch.optim.Adam(model.parameters(), lr=0.01)
for _ in range(3):
    opt.zero_grad()
    nn.functional.cross_entropy(model(x), torch.randint(0, 10, (16,))).backward()
    opt.step()
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict(),
              "param_names": [name for name, _ in model.named_parameters()]}


def state_by_name(model, checkpoint):
    """The saved state of each parameter the model still has under its name and shape, at its new position."""
    saved = checkpoint["optimizer"]["state"]
    by_name = {name: saved[i] for i, name in enumerate(checkpoint["param_names"]) if i in saved}
    state = {}
    for i, (name, p) in enumerate(model.named_parameters()):
        kept = by_name.get(name)
        if kept is not None and all(v.shape == p.shape for k, v in kept.items() if k != "step"):
            state[i] = kept
    return state


# the resumed run has 5 classes: weights and optimizer state only where they still fit
model = build(5)
fitting = {k: v for k, v in checkpoint["model"].items() if v.shape == model.state_dict()[k].shape}
model.load_state_dict(fitting, strict=False)
opt = torch.optim.Adam(model.parameters(), lr=0.01)
state = state_by_name(model, checkpoint)
groups = [{**saved, "params": new["params"]}
          for saved, new in zip(checkpoint["optimizer"]["param_groups"], opt.state_dict()["param_groups"])]
opt.load_state_dict({"state": state, "param_groups": groups})
names = [name for name, _ in model.named_parameters()]
print("state kept for:", [names[i] for i in sorted(state)])
reference, kept = copy.deepcopy(model), copy.deepcopy({names[i]: s for i, s in state.items()})
targets = [torch.randint(0, 5, (16,)) for _ in range(2)]
for target in targets:
    opt.zero_grad()
    nn.functional.cross_entropy(model(x), target).backward()
    opt.step()

# The reference: Adam's update written out, from the kept moments and step, or from zero for the new head.
lr, beta1, beta2, eps = 0.01, 0.9, 0.999, 1e-8
moments = {}
for name, p in reference.named_parameters():
    s = kept.get(name)
    moments[name] = ([s["exp_avg"].clone(), s["exp_avg_sq"].clone(), int(s["step"])] if s is not None
                     else [torch.zeros_like(p), torch.zeros_like(p), 0])
for target in targets:
    reference.zero_grad()
    nn.functional.cross_entropy(reference(x), target).backward()
    with torch.no_grad():
        for name, p in reference.named_parameters():
            m, v, t = moments[name]
            t += 1
            m.mul_(beta1).add_(p.grad, alpha=1 - beta1)
            v.mul_(beta2).addcmul_(p.grad, p.grad, value=1 - beta2)
            p -= lr * (m / (1 - beta1**t)) / ((v / (1 - beta2**t)).sqrt() + eps)
            moments[name][2] = t
same = all(torch.allclose(p, q, atol=1e-6) for p, q in zip(model.parameters(), reference.parameters()))
print("same weights as Adam written out by hand, per parameter, from the state kept:", same)

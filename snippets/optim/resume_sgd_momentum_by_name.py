# reference: same weights as SGD with momentum written out by hand, per parameter, from the buffers kept
import copy

import torch
from torch import nn

torch.manual_seed(0)
x = torch.randn(16, 4)


def build(outputs):
    return nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, outputs))


# the first run: one output, SGD with momentum, a checkpoint that names the optimizer's parameters
model = build(1)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
for _ in range(3):
    opt.zero_grad()
    nn.functional.binary_cross_entropy_with_logits(model(x).squeeze(1), torch.rand(16).round()).backward()
    opt.step()
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict(),
              "param_names": [name for name, _ in model.named_parameters()]}

# the resumed run has 3 classes: weights and momentum only where name and shape still match
model = build(3)
fitting = {k: v for k, v in checkpoint["model"].items() if v.shape == model.state_dict()[k].shape}
model.load_state_dict(fitting, strict=False)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
saved = checkpoint["optimizer"]["state"]
by_name = {name: saved[i] for i, name in enumerate(checkpoint["param_names"]) if i in saved}
names, shapes = zip(*[(name, p.shape) for name, p in model.named_parameters()])
state = {i: by_name[name] for i, name in enumerate(names)
         if name in by_name and by_name[name]["momentum_buffer"].shape == shapes[i]}
groups = [{**old, "params": new["params"]}
          for old, new in zip(checkpoint["optimizer"]["param_groups"], opt.state_dict()["param_groups"])]
opt.load_state_dict({"state": state, "param_groups": groups})
print("momentum kept for:", [names[i] for i in sorted(state)])
reference, kept = copy.deepcopy(model), copy.deepcopy({names[i]: s["momentum_buffer"] for i, s in state.items()})
targets = [torch.randint(0, 3, (16,)) for _ in range(2)]
for target in targets:
    opt.zero_grad()
    nn.functional.cross_entropy(model(x), target).backward()
    opt.step()

# The reference: buf = 0.9 * buf + grad (the gradient itself where no buffer was kept), then w -= 0.1 * buf.
for target in targets:
    reference.zero_grad()
    nn.functional.cross_entropy(reference(x), target).backward()
    with torch.no_grad():
        for name, p in reference.named_parameters():
            kept[name] = kept[name].mul(0.9).add(p.grad) if name in kept else p.grad.clone()
            p -= 0.1 * kept[name]
same = all(torch.allclose(p, q, atol=1e-6) for p, q in zip(model.parameters(), reference.parameters()))
print("same weights as SGD with momentum written out by hand, per parameter, from the buffers kept:", same)

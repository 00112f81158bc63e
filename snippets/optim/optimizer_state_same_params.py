# reference: each head parameter resumed with its own moments
import torch
from torch import nn

torch.manual_seed(0)
x, y = torch.randn(8, 4), torch.randint(0, 3, (8,))


def build():
    return nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))


# the first stage: the backbone (layer 0) frozen, the optimizer given only the head
model = build()
model[0].requires_grad_(False)
opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=0.01)
nn.functional.cross_entropy(model(x), y).backward()
opt.step()
grads = {name: p.grad.clone() for name, p in model.named_parameters() if p.grad is not None}  # for the reference
checkpoint = {"model": model.state_dict(), "optimizer": opt.state_dict()}
print("saved group sizes:", [len(g["params"]) for g in checkpoint["optimizer"]["param_groups"]])

# the resumed run builds the optimizer over the same parameters as the first stage
model = build()
model.load_state_dict(checkpoint["model"])
opt = torch.optim.AdamW(model[2].parameters(), lr=0.01)
opt.load_state_dict(checkpoint["optimizer"])
# then unfreezes the backbone by giving it a group of its own
opt.add_param_group({"params": list(model[0].parameters()), "lr": 0.001})
print("new group sizes:", [len(g["params"]) for g in opt.param_groups])
print("head's Adam steps kept:", int(opt.state[model[2].weight]["step"]))
print("backbone has Adam state yet:", model[0].weight in opt.state)

# The reference: after one step AdamW's first moment is 0.1 * the gradient; matched by name,
# each head parameter must carry the one its own gradient gave.
params = dict(model.named_parameters())
own = [torch.allclose(opt.state[params[name]]["exp_avg"], 0.1 * g) for name, g in grads.items()]
print("each head parameter resumed with its own moments:", sorted(grads) == ["2.bias", "2.weight"] and all(own))

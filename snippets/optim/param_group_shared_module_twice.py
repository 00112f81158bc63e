# fixed-by: optim/param_group_shared_module_once
# cause: the parameter lists of two models that share a module (an actor and a critic on one backbone, tied embeddings) concatenated into one group
import torch
from torch import nn

torch.manual_seed(0)
backbone = nn.Linear(4, 8)
actor = nn.Sequential(backbone, nn.ReLU(), nn.Linear(8, 2))
critic = nn.Sequential(backbone, nn.ReLU(), nn.Linear(8, 1))

params = list(actor.parameters()) + list(critic.parameters())  # the backbone's two tensors, twice
opt = torch.optim.SGD(params, lr=0.1)
x = torch.randn(5, 4)
loss = actor(x).pow(2).mean() + critic(x).pow(2).mean()
loss.backward()
before = backbone.weight.detach().clone()
opt.step()
after = backbone.weight.detach()
print("backbone took one step of lr * grad:", torch.allclose(after, before - 0.1 * backbone.weight.grad))
print("backbone took two:", torch.allclose(after, before - 2 * 0.1 * backbone.weight.grad))

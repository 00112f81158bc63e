# raises: RuntimeError
# fixed-by: hooks/hook_every_param_frozen_fixed
# cause: a gradient-logging tool hooks every parameter of a model whose pretrained backbone is frozen
import torch
from torch import nn

torch.manual_seed(0)
backbone = nn.Sequential(nn.Linear(8, 16), nn.ReLU())  # pretrained
head = nn.Linear(16, 2)  # the part being fine-tuned
backbone.requires_grad_(False)
model = nn.Sequential(backbone, head)

grad_norms = {}


def log_norm(name):
    def hook(grad):
        grad_norms[name] = round(grad.norm().item(), 4)
    return hook


for name, p in model.named_parameters():  # what a debugging or pruning tool does
    print("hooking", name)
    p.register_hook(log_norm(name))

# raises: ValueError
# fixed-by: optim/cyclic_lr_momentum_off
# cause: CyclicLR is built with its default cycle_momentum=True for an optimizer that has no momentum to cycle: Adagrad, an optimizer from another library, or Adam and AdamW up to PyTorch 2.2
import torch
from torch import nn

torch.manual_seed(0)
model = nn.Linear(4, 1)

adam = torch.optim.Adam(model.parameters(), lr=0.01)
try:
    torch.optim.lr_scheduler.CyclicLR(adam, base_lr=0.001, max_lr=0.01)
    print("CyclicLR over Adam: accepted, it cycles beta1")
except ValueError:
    print("CyclicLR over Adam: refused")

opt = torch.optim.Adagrad(model.parameters(), lr=0.01)
print("Adagrad's settings:", sorted(opt.defaults))
scheduler = torch.optim.lr_scheduler.CyclicLR(opt, base_lr=0.001, max_lr=0.01)

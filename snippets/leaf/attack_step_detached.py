import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Flatten(), nn.Linear(16, 3))
image, label = torch.rand(1, 1, 4, 4), torch.tensor([2])

adv = image.clone()
for step in range(3):
    adv.requires_grad = True
    loss = F.cross_entropy(model(adv), label)
    (grad,) = torch.autograd.grad(loss, adv)
    adv = (adv + 0.05 * grad.sign()).clamp(0, 1).detach()  # a new leaf for the next step
    print(f"step {step}: loss {loss.item():.4f} | adv.is_leaf {adv.is_leaf}")

# raises: RuntimeError
# fixed-by: leaf/attack_step_detached
# cause: requires_grad = True set on an image computed by the previous attack step
import torch
import torch.nn.functional as F
from torch import nn

torch.manual_seed(0)
model = nn.Sequential(nn.Flatten(), nn.Linear(16, 3))
image, label = torch.rand(1, 1, 4, 4), torch.tensor([2])

adv = image.clone()
for step in range(3):
    adv.requires_grad = True  # fine on a leaf; from step 1 on, adv was computed
    loss = F.cross_entropy(model(adv), label)
    (grad,) = torch.autograd.grad(loss, adv)
    adv = (adv + 0.05 * grad.sign()).clamp(0, 1)  # computed from adv, which requires grad
    print(f"step {step}: loss {loss.item():.4f} | adv.is_leaf {adv.is_leaf}")

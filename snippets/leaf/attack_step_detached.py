# reference: same gradients as the closed form
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

# The reference: the same attack with the input gradient of cross-entropy written out,
# (softmax(W x + b) - one_hot(label)) W, and no autograd.
weight, bias = model[1].weight.detach(), model[1].bias.detach()
ref = image.clone()
for step in range(3):
    ref_grad = ((weight @ ref.flatten() + bias).softmax(0) - F.one_hot(label[0], 3)) @ weight
    ref_grad = ref_grad.reshape(image.shape)
    ref = (ref + 0.05 * ref_grad.sign()).clamp(0, 1)
print("same gradients as the closed form:", torch.allclose(grad, ref_grad) and torch.allclose(adv, ref))

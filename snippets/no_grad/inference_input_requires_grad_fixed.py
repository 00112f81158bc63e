import torch
import torch.nn.functional as F


@torch.inference_mode()
def preprocess(raw):  # part of the data pipeline, made fast
    return (raw / 255 - 0.5) / 0.25


torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(16, 3))
images = preprocess(torch.randint(0, 256, (2, 1, 4, 4)).float())
labels = torch.tensor([0, 2])

images = images.clone().requires_grad_()  # a clone made outside inference mode is a normal tensor
F.cross_entropy(model(images), labels).backward()
adversarial = images + 0.1 * images.grad.sign()  # one step of the fast gradient sign method
changed = (adversarial != images).sum().item()
print("input grad shape:", tuple(images.grad.shape), "| changed pixels:", changed)

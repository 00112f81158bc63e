# reference: same gradients as the derivative by hand
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

# The reference: the derivative by hand. Cross-entropy's gradient for the logits is
# (softmax - one-hot) / batch; the linear layer passes it to the pixels, weight and bias.
with torch.no_grad():
    d_logits = (torch.softmax(model(images), dim=1) - F.one_hot(labels, 3)) / len(labels)
    W, flat = model[1].weight, images.flatten(1)
    expected = [(d_logits @ W).view_as(images), d_logits.T @ flat, d_logits.sum(0)]
got = [images.grad, W.grad, model[1].bias.grad]
same = all(g is not None and torch.allclose(g, e) for g, e in zip(got, expected))
print("same gradients as the derivative by hand:", same)

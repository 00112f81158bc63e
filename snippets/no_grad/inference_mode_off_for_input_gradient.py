# reference: same saliency as the weight rows
import torch


# --8<-- [start:step]
def validation_step(model, raw, labels):
    images = (raw - 0.5) / 0.25  # made under inference mode: an inference tensor
    logits = model(images)
    accuracy = (logits.argmax(dim=1) == labels).float().mean()
    with torch.inference_mode(False), torch.enable_grad():  # leave inference mode, then record
        print("images is an inference tensor:", images.is_inference())
        images = images.clone().requires_grad_()  # the clone, made here, is a normal tensor
        print("its clone is an inference tensor:", images.is_inference())
        score = model(images).gather(1, labels[:, None]).sum()
        print("score.requires_grad:", score.requires_grad, "| grad_fn:", score.grad_fn.name())
        (saliency,) = torch.autograd.grad(score, images)
    return accuracy, saliency.abs()
# --8<-- [end:step]


@torch.inference_mode()  # the evaluation loop around every step
def validate(model, batches):
    model.eval()
    results = []
    for raw, labels in batches:
        results.append(validation_step(model, raw, labels))
    return results


torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(16, 3))
batches = [(torch.rand(2, 1, 4, 4), torch.tensor([0, 2]))]
((accuracy, saliency),) = validate(model, batches)
print("accuracy:", accuracy.item(), "| saliency shape:", tuple(saliency.shape))
print("most salient pixel per image:", saliency.flatten(1).argmax(dim=1))
print("weights untouched, no .grad:", model[1].weight.grad is None)

# The reference: the score is linear in the pixels, so its gradient for each image is the row of
# the weight that belongs to the image's label.
expected = model[1].weight[batches[0][1]].abs().view_as(saliency)
print("same saliency as the weight rows:", torch.allclose(saliency, expected))

import torch


def validation_step(model, raw, labels):
    images = (raw - 0.5) / 0.25  # normalised inside the step
    logits = model(images)
    accuracy = (logits.argmax(dim=1) == labels).float().mean()
    with torch.enable_grad():  # a saliency map needs the gradient with respect to the pixels
        print("grad mode on:", torch.is_grad_enabled())
        images = images.clone().requires_grad_()
        score = model(images).gather(1, labels[:, None]).sum()
        print("score.requires_grad:", score.requires_grad)
        (saliency,) = torch.autograd.grad(score, images)
    return accuracy, saliency.abs()


# --8<-- [start:loop]
@torch.no_grad()  # the evaluation loop records nothing, and enable_grad() can undo that
def validate(model, batches):
    model.eval()
    results = []
    for raw, labels in batches:
        results.append(validation_step(model, raw, labels))
    return results
# --8<-- [end:loop]


torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(16, 3))
batches = [(torch.rand(2, 1, 4, 4), torch.tensor([0, 2]))]
((accuracy, saliency),) = validate(model, batches)
print("accuracy:", accuracy.item(), "| saliency shape:", tuple(saliency.shape))
print("most salient pixel per image:", saliency.flatten(1).argmax(dim=1))
print("weights untouched, no .grad:", model[1].weight.grad is None)

# raises: RuntimeError
# fixed-by: no_grad/inference_mode_off_for_input_gradient
# cause: requires_grad_() inside inference_mode(False) on a batch that was normalised under inference mode
import torch


def validation_step(model, raw, labels):
    images = (raw - 0.5) / 0.25  # made under inference mode: an inference tensor
    logits = model(images)
    accuracy = (logits.argmax(dim=1) == labels).float().mean()
    with torch.inference_mode(False), torch.enable_grad():
        images.requires_grad_()  # no clone
        score = model(images).gather(1, labels[:, None]).sum()
        (saliency,) = torch.autograd.grad(score, images)
    return accuracy, saliency.abs()


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
validate(model, batches)

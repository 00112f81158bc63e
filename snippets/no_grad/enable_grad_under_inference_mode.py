# raises: RuntimeError
# fixed-by: no_grad/inference_mode_off_for_input_gradient
# cause: enable_grad() around an input gradient in a validation step that the evaluation loop runs under inference_mode() (PyTorch Lightning's default)
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

# raises: RuntimeError
# fixed-by: no_grad/saliency_enable_grad_fixed
# cause: an input-gradient (saliency) map computed inside an evaluation function decorated with @torch.no_grad()
import torch


def input_gradient(model, images, classes):
    images = images.clone().requires_grad_()
    scores = model(images).gather(1, classes[:, None]).sum()
    (grad,) = torch.autograd.grad(scores, images)  # how much each pixel moves the score
    return grad.abs()


@torch.no_grad()
def evaluate(model, images):
    predicted = model(images).argmax(dim=1)
    return predicted, input_gradient(model, images, predicted)


torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(16, 3)).eval()
images = torch.randn(2, 1, 4, 4)
predicted, saliency = evaluate(model, images)

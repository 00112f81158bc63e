# reference: same saliency as the weight rows
import torch


def input_gradient(model, images, classes):
    with torch.enable_grad():  # record here, even when the caller switched recording off
        images = images.clone().requires_grad_()
        scores = model(images).gather(1, classes[:, None]).sum()
        (grad,) = torch.autograd.grad(scores, images)
    return grad.abs()


@torch.no_grad()
def evaluate(model, images):
    predicted = model(images).argmax(dim=1)
    return predicted, input_gradient(model, images, predicted)


torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Flatten(), torch.nn.Linear(16, 3)).eval()
images = torch.randn(2, 1, 4, 4)
predicted, saliency = evaluate(model, images)
print("predicted:", predicted, "| saliency shape:", tuple(saliency.shape))
print("most salient pixel per image:", saliency.flatten(1).argmax(dim=1))
print("weights untouched, no .grad:", model[1].weight.grad is None)

# The reference: the score is linear in the pixels, so its gradient for each image is the row of
# the weight that belongs to the predicted class.
expected = model[1].weight[predicted].abs().view_as(saliency)
print("same saliency as the weight rows:", torch.allclose(saliency, expected))

# raises: RuntimeError
# fixed-by: no_grad/inference_input_requires_grad_fixed
# cause: a batch normalised by a preprocessing function under inference_mode(), then given requires_grad_() for an input gradient
import torch


@torch.inference_mode()
def preprocess(raw):  # part of the data pipeline, made fast
    return (raw / 255 - 0.5) / 0.25


torch.manual_seed(0)
images = preprocess(torch.randint(0, 256, (2, 1, 4, 4)).float())

images.requires_grad_()  # an adversarial step needs the gradient with respect to the input

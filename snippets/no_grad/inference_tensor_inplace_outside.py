# raises: RuntimeError
# fixed-by: no_grad/inference_tensor_inplace_fixed
import torch

with torch.inference_mode():
    scores = torch.zeros(3)

scores.add_(1)  # in-place, but inference mode is over

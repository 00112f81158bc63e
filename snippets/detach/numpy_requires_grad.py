# raises: RuntimeError
# fixed-by: detach/numpy_detach_fixed
import torch

w = torch.tensor([0.5, 1.5], requires_grad=True)
print(w.numpy())

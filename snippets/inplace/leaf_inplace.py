# raises: RuntimeError
# fixed-by: inplace/leaf_update_no_grad
import torch

w = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
w.mul_(2)

# raises: RuntimeError
# fixed-by: leaf/integer_requires_grad_fixed
# cause: a tensor of integer values (counts, labels) created with requires_grad=True
import torch

counts = torch.tensor([1, 2, 3], requires_grad=True)  # integers have no gradient

# raises: NotImplementedError
# fixed-by: derivatives/unique_mask_keeps_gradient
# cause: a loss takes the values two tensors do not share with unique(return_counts=True) on their concatenation, and backpropagates through them
# graph: loss
import torch

predicted = torch.tensor([1.0, 2.0, 3.0, 4.0], requires_grad=True)
reference = torch.tensor([3.0, 4.0, 5.0])

values, counts = torch.cat([predicted, reference]).unique(return_counts=True)
not_shared = values[counts == 1]  # in one tensor but not in both
print("not shared:", not_shared.detach())
loss = not_shared.pow(2).sum()
loss.backward()

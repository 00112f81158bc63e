# raises: RuntimeError
# fixed-by: detach/detach_inplace_fixed
# cause: detach_() on a slice of a tensor, which is a view
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
h = x * 2
first_two = h[:2]  # a slice is a view of h
print("first_two._is_view():", first_two._is_view())  # internal; used here only to look
first_two.detach_()

# raises: RuntimeError
# fixed-by: detach/detach_inplace_fixed
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
h = x * 2
first_two = h[:2]  # indexing returns a view of h
print("first_two._is_view():", first_two._is_view())
first_two.detach_()

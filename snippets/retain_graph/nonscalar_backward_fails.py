# raises: RuntimeError
# fixed-by: retain_graph/nonscalar_backward_fixed
# cause: backward() without arguments on a tensor of several elements, such as a per-sample loss never reduced
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x**2  # three numbers, not one
print("y.shape:", y.shape)
y.backward()

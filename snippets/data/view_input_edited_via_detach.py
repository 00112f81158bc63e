# raises: RuntimeError
# fixed-by: data/view_input_edit_fixed
# cause: a reshaped weight that matmul saved is scaled in place through detach()
import torch

x = torch.tensor([1.0, 1.0, 1.0], requires_grad=True)
y = torch.tensor([2.0, 4.0, 6.0], requires_grad=True).view(-1, 1)  # a view, shape [3, 1]
z = torch.matmul(x, y)  # matmul saves y to compute the gradient of x
y.detach().mul_(2)
print("y:", y.flatten())
z.backward()

# raises: RuntimeError
# fixed-by: leaf/backward_with_grad_fixed
# cause: a weight created by hand without requires_grad=True
import torch

w = torch.tensor([0.5, -1.0])  # meant to be trained, but requires_grad defaults to False
x = torch.tensor([3.0, 4.0])  # one data point, target 1.0
loss = ((w * x).sum() - 1.0) ** 2
print("loss.requires_grad:", loss.requires_grad, "| loss.grad_fn:", loss.grad_fn)
loss.backward()

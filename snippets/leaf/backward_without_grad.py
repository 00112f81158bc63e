# raises: RuntimeError
# fixed-by: leaf/backward_with_grad_fixed
import torch

x = torch.tensor([1.0, 2.0])  # requires_grad defaults to False
loss = (x**2).sum()
print("loss.requires_grad:", loss.requires_grad, "| loss.grad_fn:", loss.grad_fn)
loss.backward()

# graph: dst
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
dst = torch.zeros(3)  # a plain leaf that does not require grad
dst.copy_(x)  # in-place copy: recorded by autograd

print("dst.requires_grad:", dst.requires_grad, "| is_leaf:", dst.is_leaf)
print("dst.grad_fn:", type(dst.grad_fn).__name__)
print("same memory as x:", dst.data_ptr() == x.data_ptr())
(dst * 10).sum().backward()
print("x.grad:", x.grad)  # the source still receives the gradient

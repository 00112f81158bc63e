# raises: RuntimeError
# fixed-by: hooks/grad_unused_input_fixed
# cause: asking autograd.grad for an input the output was not computed from
import torch

a = torch.tensor(2.0, requires_grad=True)
b = torch.tensor(3.0, requires_grad=True)
out = a * a  # b plays no part in out
torch.autograd.grad(out, [a, b])

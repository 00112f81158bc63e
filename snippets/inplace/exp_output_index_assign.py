# raises: RuntimeError
# fixed-by: inplace/exp_output_clone_then_assign
# cause: index assignment into the output of exp, which exp saved for backward
import torch

x = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
y = x.exp()  # ExpBackward0 saves its output: d exp(x)/dx = exp(x) = y
y[0] = 0.0  # overwrites part of the saved output
y.sum().backward()

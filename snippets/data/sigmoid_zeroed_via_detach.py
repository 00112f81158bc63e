# raises: RuntimeError
# fixed-by: data/sigmoid_zeroed_fixed
# cause: an activation's output is zeroed in place through detach() while the graph still needs it
# graph: out
import torch

a = torch.tensor([1.0, 2.0, 3.0], requires_grad=True)
out = a.sigmoid()  # sigmoid saves its output: the gradient is out * (1 - out)
out.detach().zero_()
print("out:", out)
out.sum().backward()

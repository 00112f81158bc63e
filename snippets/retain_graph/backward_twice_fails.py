# raises: RuntimeError
# fixed-by: retain_graph/backward_twice_retain_graph
# cause: backward() called a second time on a graph whose saved tensors the first call freed
# graph: y
import torch

x = torch.tensor(1.0, requires_grad=True)
y = x.exp()  # ExpBackward0 saves its result, e, for the backward pass
y.backward()
print("after the first backward: x.grad", x.grad, "| y.grad_fn", type(y.grad_fn).__name__)
y.backward()

# raises: TypeError
# fixed-by: retain_graph/backward_twice_retain_graph
# cause: code written for PyTorch's first releases passes retain_variables=, the name retain_graph had before 0.2
import torch

x = torch.tensor(1.0, requires_grad=True)
y = x.exp()
y.backward(retain_variables=True)  # retain_graph's name in PyTorch 0.1

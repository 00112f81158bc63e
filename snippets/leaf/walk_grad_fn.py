# graph: y
import torch

x = torch.tensor(2.0, requires_grad=True)
y = (x**2 + 1).exp()


def show(node, depth=0):
    print("  " * depth + type(node).__name__)
    for child, _ in node.next_functions:
        if child is not None:
            show(child, depth + 1)


show(y.grad_fn)

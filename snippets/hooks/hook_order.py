import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x * 3  # y.grad_fn is the Node of the multiplication
y.retain_grad()  # asked for first, on purpose


def tensor_hook(grad):
    print("tensor hook:     gets", grad, " y.grad", y.grad)
    return grad * 10  # replaces the gradient of y


def node_prehook(grad_outputs):
    print("Node pre-hook:   gets", grad_outputs[0], " y.grad", y.grad)


def node_posthook(grad_inputs, grad_outputs):
    print("Node post-hook:  gets", grad_inputs[0], "(for x)")


y.register_hook(tensor_hook)
y.grad_fn.register_prehook(node_prehook)
y.grad_fn.register_hook(node_posthook)
(y**2).sum().backward()  # the gradient reaching y is 2*y = [6, 12]
print("y.grad:", y.grad)
print("x.grad:", x.grad)

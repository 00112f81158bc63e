import torch

layer = torch.nn.Linear(3, 2)


def report(module, grad_input, grad_output):
    print(type(module).__name__, "grad_output:", grad_output[0])
    print(type(module).__name__, "grad_input shape:", tuple(grad_input[0].shape))


handle = layer.register_full_backward_hook(report)
x = torch.ones(4, 3, requires_grad=True)
layer(x).sum().backward()
handle.remove()

import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
h = x * 3
print("h.grad_fn before the edit:", h.grad_fn.name())


def before(grad):
    print("hook registered before the edit:", grad)


def after(grad):
    print("hook registered after the edit: ", grad)


h.register_hook(before)
h.pow_(2)  # in place: h now holds (x * 3) ** 2, and gets a new grad_fn
print("h.grad_fn after the edit: ", h.grad_fn.name())
h.register_hook(after)
h.sum().backward()  # d loss / d h is 1; d loss / d (x * 3) is 2 * (x * 3) = [6, 12]

import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
opt = torch.optim.SGD([w], lr=0.1)

(w * w).sum().backward()
print("after backward:       ", w.grad)
opt.zero_grad()  # set_to_none=True is the default: .grad becomes None
print("after opt.zero_grad():", w.grad)

(w * w).sum().backward()
w.grad.zero_()  # keeps the tensor, fills it with zeros
print("after w.grad.zero_(): ", w.grad)
w.grad = None  # what zero_grad() does, by hand
print("after w.grad = None:  ", w.grad)

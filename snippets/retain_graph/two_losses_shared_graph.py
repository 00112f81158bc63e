import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
features = w.exp()  # shared part: ExpBackward0 saves its result
loss_a, loss_b = features.sum(), (features**2).sum()

loss_a.backward(retain_graph=True)  # loss_b still needs the shared part
loss_b.backward()
print("two backward calls:", w.grad)

w.grad = None  # reset before comparing
features = w.exp()
(features.sum() + (features**2).sum()).backward()  # one call, no retain_graph
print("one backward call: ", w.grad)

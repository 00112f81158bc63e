# graph: loss, c
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
h = w * 3
c = h.detach()  # same values as h, but a leaf with no history
loss = (h * c).sum()  # only the first factor leads back to w
print("loss:", loss)

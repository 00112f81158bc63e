# graph: loss
import torch

w = torch.tensor([1.0, 2.0], requires_grad=True)
h = w * 3
loss = (h * h).sum()  # both factors lead back to w
print("loss:", loss)
